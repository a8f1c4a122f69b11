import { cell, dayAhead, ownIp, showMonthOf, timeButton } from './support/booking-page';
import { cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, signUpAs, type Person } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';

// The client's side of a shared machine (ADR 036): two professionals, one laser. A
// client books the laser at 10:00 with one professional; another client's open booking page for
// the OTHER professional loses 10:00 for that service live, without a reload, because the laser
// is held. The laser and its service are this run's own, so the demo salon stays as seeded.

const RUN = Date.now().toString(36);
const made: string[] = [];
const laserName = `Láser ${RUN}`;
const serviceName = `Depilación láser ${RUN}`;
let serviceId: string;
let laserId: string;
let irene: Person;
let marta: Person;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  const db = e2eDb();
  laserId = (await db.query<{ id: string }>(`INSERT INTO resources (name, kind, position) VALUES ($1, 'aparato', 99) RETURNING id`, [laserName])).rows[0]!.id;
  serviceId = (await db.query<{ id: string }>(`INSERT INTO services (name, description, duration, price, cleanup_minutes) VALUES ($1, 'Sesión de láser de diodo', 30, 45, 10) RETURNING id`, [serviceName])).rows[0]!.id;
  const group = (await db.query<{ id: string }>(`INSERT INTO service_resource_groups (service_id, position) VALUES ($1, 0) RETURNING id`, [serviceId])).rows[0]!.id;
  await db.query(`INSERT INTO service_resource_group_members (group_id, resource_id) VALUES ($1, $2)`, [group, laserId]);
  for (const [who, name] of [['irene', 'Irene Prado'], ['marta', 'Marta Gil']] as const) {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
    const p = await signUpAs(request, baseURL, uniqueEmail(`laser-${who}`), `${name} ${RUN}`);
    await request.dispose();
    made.push(p.id);
    await makeEmployee(p);
    await linkEmployeeRecord(p, serviceId);
    if (who === 'irene') irene = p;
    else marta = p;
  }
});

test.afterAll(async () => {
  await cleanUp(made);
  const db = e2eDb();
  await db.query(`DELETE FROM services WHERE id = $1`, [serviceId]);
  await db.query(`DELETE FROM resources WHERE id = $1`, [laserId]);
  await closeE2eDb();
});

test("a laser booked at 10:00 with one professional leaves another professional's open page without 10:00, live", async ({ page, browser, baseURL }) => {
  const day = dayAhead(4);
  made.push((await signUpAs(page.request, baseURL!, uniqueEmail('laser-ana'), 'Ana Beltrán')).id);
  const other = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const bea = await other.newPage();
  made.push((await signUpAs(bea.request, baseURL!, uniqueEmail('laser-bea'), 'Bea Ortega')).id);

  // Ana with Irene, Bea with Marta: the same service and day, each sees 10:00.
  for (const [p, pro] of [[page, irene], [bea, marta]] as const) {
    await p.goto(`/book/${serviceId}`);
    await p.getByLabel('Profesional').selectOption({ label: pro.name });
    await showMonthOf(p, day);
    await cell(p, day).click();
    await expect(timeButton(p, '10:00')).toBeVisible();
  }

  await timeButton(page, '10:00').click();
  await page.getByRole('button', { name: 'Confirmar Cita para las 10:00' }).click();
  await expect(page).toHaveURL(/\/my-appointments$/);

  // Marta is free, the laser is not (10:00-10:30, then 10 minutes of cleaning): Bea's page loses
  // 10:00 without a reload; 11:00 stays.
  await expect(timeButton(bea, '10:00')).toHaveCount(0, { timeout: 2_000 });
  await expect(timeButton(bea, '11:00')).toBeVisible();
  // The booking holds the laser in the database, with its cleaning time.
  const { rows } = await e2eDb().query<{ block_end: Date; end_time: Date }>(
    `SELECT ar.block_end, a.end_time FROM appointment_resources ar JOIN appointments a ON a.id = ar.appointment_id WHERE ar.resource_id = $1 AND ar.active`,
    [laserId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.block_end.getTime() - rows[0]!.end_time.getTime()).toBe(10 * 60_000);
  await other.close();
});
