import type { Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { closeE2eDb, e2eDb, serviceNamed } from './support/agenda-arrange';
import { expect, logIn, test } from './support/fixtures';
import { dayColumn } from './support/day-view';

// The desk books a visit of several services for a phone client (ADR 104), in Chromium against the
// demo salon: the receptionist opens "Nueva cita" in the day view, adds a new phone client, picks
// a manicure with Irene, taps "Añadir otro servicio", adds a pedicure with Carmen at the same time,
// picks a time where both fit and books once: both parts appear in the grid at once, one visit.
// The day is past the demo's booked weeks, a Wednesday or Thursday (both work then), and past the
// day of the visit the cancel spec books with the same two (two workers run side by side).

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);
const tag = Date.now().toString(36);
const IRENE = 'Irene Campos';
const CARMEN = 'Carmen Ruiz';
const CLIENT = `Rocío Teléfono ${tag}`;

function visitDay(): string {
  let d = addDays(TODAY, DEMO_HISTORY.futureDays + 30 + (process.pid % 5));
  while (!isBookableDate(d, TODAY) || !['wednesday', 'thursday'].includes(dayKeyOfDate(d))) d = addDays(d, 1);
  return d;
}

/** Screenshots for looking at (screenshots/ is not committed). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/desk-visit/${name}-${page.viewportSize()!.width}.png` });
}

/** The block of the client's appointment at `time` in the professional's column. */
const block = (page: Page, pro: string, time: string) =>
  dayColumn(page, pro).getByRole('button', { name: new RegExp(`^${time} ${CLIENT},`) });

test.afterAll(async () => {
  await e2eDb().query(`DELETE FROM appointments WHERE client_name = $1`, [CLIENT]);
  await e2eDb().query(`DELETE FROM clients WHERE name = $1`, [CLIENT]);
  await closeE2eDb();
});

test('the receptionist books a manicure and a pedicure for a phone client from the day view: both parts in the grid at once', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const day = visitDay();
  const manicure = await serviceNamed('Manicura semipermanente');
  const desk = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.244.${process.pid % 250}.${Date.now() % 250}` },
  });
  const page = await desk.newPage();
  await logIn(page, 'recepcion@auna.demo');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`/admin/day?dia=${day}`);
  await expect(dayColumn(page, IRENE)).toBeVisible();

  // "Nueva cita": a new phone client, the manicure with Irene.
  await page.getByRole('button', { name: 'Nueva cita', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await dialog.getByRole('button', { name: 'Nuevo cliente' }).click();
  await dialog.getByLabel('Nombre').fill(CLIENT);
  await dialog.getByLabel('Teléfono').fill(`6${String(Date.now()).slice(-8)}`);
  await dialog.getByRole('button', { name: 'Guardar cliente' }).click();
  await expect(dialog.getByText(CLIENT)).toBeVisible();
  await dialog.getByLabel('Servicio').selectOption({ label: 'Manicura semipermanente (45 min)' });
  await dialog.getByLabel('Profesional').selectOption({ label: IRENE });

  // "Añadir otro servicio": the visit's parts, the first one the manicure with Irene.
  await dialog.getByRole('button', { name: 'Añadir otro servicio' }).click();
  const visit = dialog.getByTestId('desk-visit');
  const first = visit.getByRole('listitem').filter({ hasText: 'Servicio 1' });
  await expect(first.getByLabel('Servicio', { exact: true })).toHaveValue(manicure.id);
  await expect(first.getByLabel('Profesional', { exact: true }).locator('option:checked')).toHaveText(IRENE);
  const second = visit.getByRole('listitem').filter({ hasText: 'Servicio 2' });
  await second.getByLabel('Servicio', { exact: true }).selectOption({ label: 'Pedicura spa' });
  await second.getByLabel('Profesional', { exact: true }).selectOption({ label: CARMEN });
  await visit.getByRole('radio', { name: 'A la vez, con dos profesionales' }).check();
  await expect(visit.locator('p', { hasText: 'Total de la visita:' })).toContainText(/52,00\s€/);

  // The times where both fit, on the day shown.
  const times = visit.getByRole('group', { name: 'Horas disponibles' }).getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 20_000 });
  const time = (await times.first().textContent())!.trim();
  await times.first().click();
  const reserve = visit.getByRole('button', { name: `Reservar la visita a las ${time} para ${CLIENT}` });
  await expect(reserve).toBeEnabled();
  await shoot(page, 'nueva-visita');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'nueva-visita');
  await reserve.scrollIntoViewIfNeeded();
  await shoot(page, 'nueva-visita-reservar');
  await page.setViewportSize({ width: 1280, height: 800 });

  await reserve.click();
  await expect(page.getByText(`Visita reservada para ${CLIENT}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Both parts in the grid at once.
  await expect(block(page, IRENE, time)).toBeVisible();
  await expect(block(page, CARMEN, time)).toBeVisible();
  await shoot(page, 'visita-en-la-rejilla');

  // One visit of two parts, booked by the desk for her record.
  const { rows } = await e2eDb().query<{ visit_id: string | null; booked_by: string; client_record_id: string | null; employee_name: string }>(
    `SELECT visit_id, booked_by, client_record_id, employee_name FROM appointments WHERE client_name = $1 ORDER BY employee_name`,
    [CLIENT],
  );
  expect(rows.map((r) => r.employee_name)).toEqual([CARMEN, IRENE]);
  expect(rows[0]!.visit_id).not.toBeNull();
  expect(rows[1]!.visit_id).toBe(rows[0]!.visit_id);
  expect(rows.every((r) => r.booked_by === 'staff' && r.client_record_id !== null)).toBe(true);
  await desk.close();
});
