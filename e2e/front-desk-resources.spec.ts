import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, signUpAs, type Person } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { dayColumn } from './support/day-view';

// The front desk and the cabins and machines (ADR 036) in Chromium against the built app: a laser
// session booked with Cabina A shows in the "Cabinas y aparatos" columns of the cabin and of the
// laser, with its preparation and cleaning shaded, and the staff move it to Cabina B at the same time.

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);

function dayAhead(n: number): string {
  let d = addDays(TODAY, n);
  while (!isBookableDate(d, TODAY)) d = addDays(d, 1);
  return d;
}

const made: string[] = [];
const resourceIds: string[] = [];
let serviceId = '';

test.afterAll(async () => {
  await cleanUp(made);
  const db = e2eDb();
  if (serviceId) await db.query(`DELETE FROM services WHERE id = $1`, [serviceId]);
  if (resourceIds.length) await db.query(`DELETE FROM resources WHERE id = ANY($1)`, [resourceIds]);
  await closeE2eDb();
});

test('staff see a laser session in its cabin and laser columns and move it to the other cabin', async ({ page, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const db = e2eDb();
  const tag = Date.now().toString(36);
  const admin = await signUpAs(page.request, baseURL!, uniqueEmail('cabinas-admin'), 'Recepción Cabinas');
  await db.query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);

  // Two cabins and a laser (last in the salon's order, so other specs' picks are untouched) and a
  // laser session needing one cabin and the laser, with 10 minutes before and after.
  const names = [`Cabina A ${tag}`, `Cabina B ${tag}`, `Láser ${tag}`];
  for (const [i, name] of names.entries()) {
    const { rows } = await db.query<{ id: string }>(`INSERT INTO resources (name, kind, position) VALUES ($1, $2, $3) RETURNING id`, [
      name,
      i < 2 ? 'cabina' : 'aparato',
      9000 + i,
    ]);
    resourceIds.push(rows[0]!.id);
  }
  const [cabinA, cabinB, laser] = resourceIds as [string, string, string];
  const { rows: svc } = await db.query<{ id: string }>(
    `INSERT INTO services (name, category, duration, price, prep_minutes, cleanup_minutes) VALUES ($1, 'Láser', 60, 70, 10, 10) RETURNING id`,
    [`Depilación láser ${tag}`],
  );
  serviceId = svc[0]!.id;
  for (const [position, members] of [[cabinA, cabinB], [laser]].entries()) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO service_resource_groups (service_id, position) VALUES ($1, $2) RETURNING id`,
      [serviceId, position],
    );
    for (const m of members)
      await db.query(`INSERT INTO service_resource_group_members (group_id, resource_id) VALUES ($1, $2)`, [rows[0]!.id, m]);
  }
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${230 + (process.pid % 20)}.${Math.floor(Math.random() * 200)}.1` },
  });
  const pro: Person = await signUpAs(other, baseURL!, uniqueEmail('cabinas-pro'), `Marta Láser ${tag}`);
  await other.dispose();
  made.push(pro.id);
  await makeEmployee(pro);
  const proRecord = await linkEmployeeRecord(pro, serviceId);

  // The salon books it for a phone client at 10:00; the server picks the first free cabin (A).
  const day = dayAhead(2);
  const clientName = `Irene Láser ${tag}`;
  const created = await page.request.post('/api/front-desk/clients', {
    data: { name: clientName, phone: `6${String(Date.now()).slice(-8)}` },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { client: { id: string } }).client.id;
  const booked = await page.request.post('/api/booking/staff', {
    data: { clientId, serviceId, professionalId: proRecord, date: day, time: '10:00' },
    headers: { origin: baseURL! },
  });
  expect(booked.status()).toBe(201);

  await page.goto(`/admin/day?dia=${day}`);
  await page.getByRole('radio', { name: 'Cabinas y aparatos' }).click();
  await expect(page).toHaveURL(/vista=cabinas/);
  const block = (name: string) => dayColumn(page, name).getByRole('button', { name: new RegExp(`^10:00 ${clientName} · ${pro.name}`) });
  await expect(block(names[0]!)).toBeVisible();
  await expect(block(names[2]!)).toBeVisible();
  await expect(block(names[1]!)).toHaveCount(0);
  await expect(dayColumn(page, names[0]!).getByRole('img', { name: `Preparación 10 min, ${clientName}` })).toBeAttached();
  await expect(dayColumn(page, names[0]!).getByRole('img', { name: `Limpieza 10 min, ${clientName}` })).toBeAttached();

  // The details name its resources; the staff pass it to the other cabin.
  await block(names[0]!).click();
  const sheet = page.getByRole('dialog', { name: clientName });
  await expect(sheet.getByText(`${names[0]}, ${names[2]}`, { exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: `De ${names[0]} a ${names[1]}` }).click();
  await expect(page.getByText(`Cita pasada a ${names[1]}.`)).toBeVisible();
  await expect(sheet.getByText(`${names[1]}, ${names[2]}`, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(block(names[1]!)).toBeVisible();
  await expect(block(names[0]!)).toHaveCount(0);
  await expect(block(names[2]!)).toBeVisible();

  // The choice stays in the address: a reload keeps the cabins' columns.
  await page.reload();
  await expect(block(names[1]!)).toBeVisible();
});
