import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, serviceNamed, signUpAs } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { waitForMail } from './support/mail';
import { STAFF_MSG } from '../src/domain/texts/staff';

// A phone client with an email and no account (the front desk's most common case) gets her
// confirmation; opening its "No quiero recibir recordatorios" link shows a Spanish page with a
// button and changes nothing until she presses it; then the staff see on her record that she
// stopped them (docs/decisions/029).

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);
const made: string[] = [];

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('a client without an account stops her reminders from the email, and her record shows it', async ({
  page,
  playwright,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const service = await serviceNamed('Diseño de cejas');
  const tag = Date.now().toString(36);
  const admin = await signUpAs(page.request, baseURL!, uniqueEmail('aviso-admin'), 'Recepción Avisos');
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${230 + (process.pid % 20)}.${Math.floor(Math.random() * 250)}.7` },
  });
  const pro = await signUpAs(other, baseURL!, uniqueEmail('aviso-pro'), `Carla Avisos ${tag}`);
  await other.dispose();
  await makeEmployee(pro);
  const proRecord = await linkEmployeeRecord(pro, service.id);
  made.push(pro.id);

  const email = uniqueEmail('sin-cuenta');
  const headers = { origin: baseURL! };
  const created = await page.request.post('/api/front-desk/clients', {
    data: { name: `Marisa Sin Cuenta ${tag}`, phone: `6${String(Date.now()).slice(-8)}`, email },
    headers,
  });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { client: { id: string } }).client.id;
  let day = addDays(TODAY, 3);
  while (!isBookableDate(day, TODAY)) day = addDays(day, 1);
  const booked = await page.request.post('/api/booking/staff', {
    data: { serviceId: service.id, professionalId: proRecord, clientId, date: day, time: '10:00' },
    headers,
  });
  expect(booked.status()).toBe(201);

  const confirmation = await waitForMail(email, { timeout: 15_000, match: (m) => m.subject.startsWith('Cita confirmada') });
  const link = /No quiero recibir recordatorios: (\S+)/.exec(confirmation.text)![1]!;

  // She opens the link in a browser without any session.
  const ctx = await browser.newContext({ baseURL });
  const client = await ctx.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: STAFF_MSG.stopRemindersTitle })).toBeVisible();
  await expect(client.getByText(STAFF_MSG.stopRemindersQuestion)).toBeVisible();
  // Only opening it stops nothing: the staff still see reminders on.
  await page.goto(`/admin/clients/${clientId}`);
  await expect(page.getByRole('heading', { name: `Marisa Sin Cuenta ${tag}` })).toBeVisible();
  await expect(page.getByText(STAFF_MSG.remindersStoppedByClient)).toHaveCount(0);

  await client.getByRole('button', { name: STAFF_MSG.stopRemindersButton }).click();
  await expect(client.getByRole('status')).toHaveText(STAFF_MSG.stopRemindersDoneNoAccount);
  await ctx.close();

  await page.reload();
  await expect(page.getByText(STAFF_MSG.remindersStoppedByClient)).toBeVisible();
});
