import type { Locator } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { closeE2eDb, e2eDb } from './support/agenda-arrange';
import { expect, logIn, test } from './support/fixtures';
import { dayColumn } from './support/day-view';

// Recepción, a role of its own (ADR 063), in Chromium against the demo salon: the receptionist
// (recepcion@auna.demo) signs in to the salon's day, her menu holds the desk's pages and none of
// the owner's, she books a phone client from Lucía's column, takes a visit's payment, and finds it
// in the Caja del día; Informes and Configuración are refused to her: 403 from the API, and the
// pages send her back to her day.

const TZ = SALON_TIME_ZONE;
const TODAY = salonDateOf(Date.now(), TZ);
const tag = Date.now().toString(36);
const LUCIA = 'Lucía Martín';
const SERVICE = 'Corte y peinado';

/** A weekday past the demo's four booked weeks where Lucía holds nothing from 10:00 to 11:00. */
async function freeDay(): Promise<string> {
  let day = addDays(TODAY, 36 + (process.pid % 5));
  for (;;) {
    if (isBookableDate(day, TODAY) && !['saturday', 'sunday'].includes(dayKeyOfDate(day))) {
      const { rows } = await e2eDb().query(
        `SELECT 1 FROM appointments WHERE employee_name = $1 AND status = 'confirmed'
           AND start_time < ($2::date + time '11:00') AT TIME ZONE 'Europe/Madrid' AND end_time > ($2::date + time '10:00') AT TIME ZONE 'Europe/Madrid'`,
        [LUCIA, day],
      );
      if (rows.length === 0) return day;
    }
    day = addDays(day, 1);
  }
}

/** Clicks a column a few minutes after `time` (its aria-valuemin/max are the minutes the grid shows). */
async function clickAt(col: Locator, time: string) {
  const [min, max] = [Number(await col.getAttribute('aria-valuemin')), Number(await col.getAttribute('aria-valuemax'))];
  const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 5;
  await col.scrollIntoViewIfNeeded();
  const box = (await col.boundingBox())!;
  await col.click({ position: { x: 12, y: ((minute - min) / (max - min)) * box.height } });
}

test.afterAll(async () => {
  // The booked visit goes; the paid one stays, as the Caja's journeys leave theirs (a payment holds its visit).
  await e2eDb().query(`DELETE FROM appointments WHERE client_name = $1`, [`Rosa Mostrador ${tag}`]);
  await closeE2eDb();
});

test('the receptionist does the desk’s day: books a phone client, takes a payment, sees the Caja; Informes and Configuración are not hers', async ({ page }) => {
  test.setTimeout(180_000);
  const day = await freeDay();
  const client = { name: `Rosa Mostrador ${tag}`, phone: `6${String(Date.now()).slice(-8)}` };
  const paying = `Clienta cobro ${tag}`;

  // A completed visit of Lucía's today just after midnight (no demo visit then, and past at any hour the
  // journey runs but its first ten minutes), to be paid at the desk: the grid draws opening hours only,
  // so its payment goes through the desk's API, and the Caja del día is read on screen.
  const { rows: lucia } = await e2eDb().query<{ id: string }>(`SELECT id FROM "user" WHERE email = 'lucia@auna.demo'`);
  const minute = (Date.now() % 5) * 2;
  const start = wallClockToInstant(TODAY, `00:0${minute}`, TZ)!;
  const { rows: visit } = await e2eDb().query<{ id: string }>(
    `INSERT INTO appointments (client_name, client_email, employee_id, employee_name, service_name, service_duration, price, start_time, end_time, status, booked_by)
     VALUES ($1, '', $2, $3, $4, 5, 28, $5, $6, 'completed', 'staff') RETURNING id`,
    [paying, lucia[0]!.id, LUCIA, SERVICE, start, new Date(start.getTime() + 5 * 60_000)],
  );

  // Her home after signing in is the salon's day; her menu is the desk's.
  await logIn(page, 'recepcion@auna.demo');
  await expect(page).toHaveURL(/\/admin\/day/);
  const menu = page.getByRole('navigation', { name: 'Administración' });
  for (const entry of ['Agenda del salón', 'Clientes', 'Caja del día', 'Cierre de caja', 'Tarjetas regalo', 'Recordatorios de mañana']) {
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  }
  for (const entry of ['Dashboard', 'Informes', 'Configuración Salón', 'Gestionar Empleados', 'Gestionar Servicios', 'Consentimientos', 'Bonos']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }

  // A phone client booked from a click on Lucía's 10:00, far ahead.
  await page.goto(`/admin/day?dia=${day}`);
  const col = dayColumn(page, LUCIA);
  await expect(col).toBeVisible();
  await expect(dayColumn(page, 'Paula Ortega')).toHaveCount(0);
  await clickAt(col, '10:00');
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await dialog.getByRole('button', { name: 'Nuevo cliente' }).click();
  await dialog.getByLabel('Nombre').fill(client.name);
  await dialog.getByLabel('Teléfono').fill(client.phone);
  await dialog.getByRole('button', { name: 'Guardar cliente' }).click();
  await expect(dialog.getByText(client.name)).toBeVisible();
  await dialog.getByLabel('Servicio').selectOption({ label: `${SERVICE} (45 min)` });
  await expect(dialog.getByLabel('Profesional').locator('option:checked')).toHaveText(LUCIA);
  await dialog.getByRole('button', { name: `Reservar a las 10:00 para ${client.name}` }).click();
  await expect(page.getByText(STAFF_MSG.staffBookingSucceeded)).toBeVisible();
  await expect(col.getByRole('button', { name: new RegExp(`10:00 ${client.name}`) })).toBeVisible();

  // The payment of today's visit, in cash, with her session.
  const paid = await page.request.post(`/api/payments/appointments/${visit[0]!.id}`, {
    data: { lines: [{ method: 'efectivo', amount: 28 }] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The Caja del día holds it.
  await menu.getByRole('link', { name: 'Caja del día' }).click();
  await expect(page.getByTestId('caja-payment').filter({ hasText: paying })).toBeVisible();

  // The owner's pages: the API refuses, the pages send her back to her day.
  for (const path of ['/api/reports/revenue?period=month', '/api/admin/settings', '/api/admin/employees', '/api/admin/dashboard']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  for (const path of ['/admin/informes', '/admin/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/day/);
  }
});
