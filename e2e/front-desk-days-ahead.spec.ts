import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, serviceNamed, signUpAs } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { dayColumn } from './support/day-view';

// The day view fetches the days either side ahead, so "Día siguiente" draws from memory
// (ADR 043). A day kept in memory must never hide a booking: one made
// elsewhere while the day view is open reaches the kept day through the live events, and one made
// while the receptionist was on another page is there when she comes back.

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);
const made: string[] = [];

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('a booking made on a day the day view fetched ahead shows when the receptionist goes to that day', async ({ page, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const service = await serviceNamed('Diseño de cejas');
  const admin = await signUpAs(page.request, baseURL!, uniqueEmail('adelantado-admin'), 'Recepción Adelantada');
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.77.${process.pid % 250}.9` } });
  const tag = Date.now().toString(36);
  const pro = await signUpAs(other, baseURL!, uniqueEmail('adelantado-pro'), `Olga Adelantada ${tag}`);
  await other.dispose();
  made.push(pro.id);
  await makeEmployee(pro);
  const proRecord = await linkEmployeeRecord(pro, service.id);
  let day = addDays(TODAY, 9);
  while (!isBookableDate(day, TODAY) || !isBookableDate(addDays(day, 1), TODAY)) day = addDays(day, 1);
  const next = addDays(day, 1);

  // Another receptionist at another desk books, through the API, while this page is open.
  const book = async (date: string, time: string, name: string) => {
    const created = await page.request.post('/api/front-desk/clients', {
      data: { name, phone: `7${String(Date.now()).slice(-8)}` },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { client: { id: string } }).client.id;
    const booked = await page.request.post('/api/booking/staff', {
      data: { clientId, serviceId: service.id, professionalId: proRecord, date, time },
      headers: { origin: baseURL! },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  };
  const column = dayColumn(page, pro.name);

  const fetchedAhead = page.waitForResponse((r) => r.url().includes('/api/front-desk/day') && r.url().includes(`date=${next}`));
  await page.goto(`/admin/day?dia=${day}`);
  await expect(column).toBeVisible();
  await fetchedAhead;

  // Open on `day`, with the next day already in memory: a booking on the next day is drawn there.
  const first = `Elena Adelantada ${tag}`;
  await book(next, '12:00', first);
  await page.getByRole('button', { name: 'Día siguiente' }).click();
  await expect(page).toHaveURL(new RegExp(`dia=${next}`));
  await expect(column.getByRole('button', { name: new RegExp(`^12:00 ${first}`) })).toBeVisible();

  // Away on the clients' page (the day view closed, its live events with it), a booking on `day`,
  // still in memory; back to it, the booking is there.
  await page.getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/admin\/clients/);
  const second = `Sara Adelantada ${tag}`;
  await book(day, '13:00', second);
  await page.getByRole('link', { name: 'Agenda del salón' }).click();
  // The day picked in the date field's calendar (React Aria's, ADR 058), as the desk does.
  await page.getByRole('button', { name: 'Abrir calendario: Día' }).click();
  const cellLabel = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const cell = page.getByRole('grid').getByRole('button', { name: new RegExp(`(^|\\s)${cellLabel}`) });
  for (let i = 0; i < 2 && (await cell.count()) === 0; i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await cell.click();
  await expect(page).toHaveURL(new RegExp(`dia=${day}`));
  await expect(column.getByRole('button', { name: new RegExp(`^13:00 ${second}`) })).toBeVisible();
});
