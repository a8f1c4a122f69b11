import type { Browser, Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays } from '../src/domain/salon-time';
import { MSG } from '../src/domain/texts/common';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { closeE2eDb, e2eDb, insertAppointment, serviceNamed } from './support/agenda-arrange';
import { cell, showMonthOf, TODAY } from './support/booking-page';
import { expect, logIn, test } from './support/fixtures';

// A professional books for the client in front of her (docs/decisions/086), on her phone: Carmen
// (the demo's professional) opens "Nueva Cita", picks the manicure, answers "¿Para quién es la
// cita?" with a phone client found by her number, and books. She lands on her agenda for that day
// with the client's visit; the visit is the client's (on her record, in the day view), not in
// Carmen's own Mis Citas.

test.describe.configure({ timeout: 180_000 });

const RUN = Date.now().toString(36);
const CLIENT = `Rosario Teléfono ${RUN}`;
// A Spanish mobile unique to this run (the search finds it by its digits).
const DIGITS = `6${String(Date.now()).slice(-8)}`;
let recordId: string;
// The visit's client: a record of her own, so each test counts only its own appointments.
const VISIT_CLIENT = `Inés Visita ${RUN}`;
const VISIT_DIGITS = `6${String(Date.now() + 7).slice(-8)}`;
let visitRecordId: string;

test.beforeAll(async () => {
  const db = e2eDb();
  const record = async (name: string, digits: string) =>
    (await db.query<{ id: string }>(`INSERT INTO clients (name, phone) VALUES ($1, $2) RETURNING id`, [name, `+34${digits}`])).rows[0]!.id;
  recordId = await record(CLIENT, DIGITS);
  visitRecordId = await record(VISIT_CLIENT, VISIT_DIGITS);
});

test.afterAll(async () => {
  const db = e2eDb();
  await db.query(`DELETE FROM appointments WHERE client_record_id = ANY($1)`, [[recordId, visitRecordId]]);
  await db.query(`DELETE FROM clients WHERE id = ANY($1)`, [[recordId, visitRecordId]]);
  await closeE2eDb();
});

/** The same page at 1280 px, loaded afresh with her session (screenshots/ is not committed). */
async function shootWide(page: Page, browser: Browser, name: string) {
  const wide = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    storageState: await page.context().storageState(),
  });
  const p = await wide.newPage();
  // Loaded from the server (a first view rendered for a professional): it hydrates without a console error or warning.
  const said: string[] = [];
  p.on('console', (m) => void (['error', 'warning'].includes(m.type()) && said.push(m.text())));
  await p.goto(page.url());
  await expect(p.getByText('¿Para quién es la cita?')).toBeVisible({ timeout: 30_000 });
  await expect(p.getByRole('radio', { name: 'Para mí' })).toBeChecked();
  expect(said).toEqual([]);
  await p.screenshot({ path: `screenshots/for-whom/${name}-1280.png`, fullPage: true });
  await wide.close();
}

test('Carmen books a manicure for a phone client from her phone; it is the client’s visit, not hers', async ({ page, browser }) => {
  await logIn(page, 'carmen@auna.demo');
  await expect(page).toHaveURL(/\/employee\/agenda/, { timeout: 30_000 });

  // "Nueva Cita" from the portal's menu (a drawer on a phone) leads to the services, as the spec says.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Nueva Cita', exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Manicura semipermanente' }) });
  await card.getByRole('link', { name: /Seleccionar Servicio/ }).click();
  await expect(page).toHaveURL(/\/book\//);

  // The question, "Para mí" first and chosen.
  const forWhom = page.getByRole('group', { name: '¿Para quién es la cita?' });
  await expect(forWhom).toBeVisible({ timeout: 30_000 });
  await expect(forWhom.getByRole('radio', { name: 'Para mí' })).toBeChecked();
  await page.screenshot({ path: 'screenshots/for-whom/para-mi-390.png', fullPage: true });

  // A client found by her phone number.
  await forWhom.getByRole('radio', { name: 'Para un cliente' }).check();
  await page.getByLabel('Buscar cliente').fill(DIGITS);
  await page
    .getByRole('list', { name: 'Clientes encontrados' })
    .getByRole('button', { name: new RegExp(CLIENT) })
    .click();
  await expect(page.getByTestId('chosen-client')).toContainText(CLIENT);
  // With herself by default.
  await expect(page.getByLabel('Profesional')).toHaveValue(/.+/);
  await expect(page.getByLabel('Profesional').locator('option:checked')).toHaveText('Carmen Ruiz');

  // The first free time, then "Confirmar".
  const first = page.getByRole('button', { name: /^Primera hora libre/ });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.click();
  const confirm = page.getByRole('button', { name: /^Confirmar Cita para/ });
  await expect(confirm).toBeEnabled();
  // "Para un cliente" with nobody chosen books nobody, never herself by mistake.
  await page.getByTestId('chosen-client').getByRole('button', { name: 'Cambiar' }).click();
  await confirm.click();
  await expect(page.getByText('Elige o crea el cliente de la cita.')).toBeVisible();
  await expect(page).toHaveURL(/\/book\//);
  await page.getByLabel('Buscar cliente').fill(DIGITS);
  await page.getByRole('list', { name: 'Clientes encontrados' }).getByRole('button', { name: new RegExp(CLIENT) }).click();
  await expect(page.getByTestId('chosen-client')).toContainText(CLIENT);
  await page.screenshot({ path: 'screenshots/for-whom/para-cliente-390.png', fullPage: true });
  await shootWide(page, browser, 'booking');
  await confirm.click();

  // She lands on her agenda for that day, with the client's visit on it.
  await expect(page).toHaveURL(/\/employee\/agenda(\?fecha=\d{4}-\d{2}-\d{2})?$/, { timeout: 30_000 });
  await expect(page.getByText(`Cita reservada para ${CLIENT}.`)).toBeVisible();
  await expect(page.getByTestId('agenda-appointment').filter({ hasText: CLIENT })).toBeVisible();
  await page.screenshot({ path: 'screenshots/for-whom/agenda-390.png', fullPage: true });

  // The visit is the client's record's, booked by Carmen as staff, and not in Carmen's Mis Citas.
  const db = e2eDb();
  const rows = (
    await db.query<{ id: string; client_id: string | null; booked_by: string; employee_name: string }>(
      `SELECT id, client_id, booked_by, employee_name FROM appointments WHERE client_record_id = $1`,
      [recordId],
    )
  ).rows;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ client_id: null, booked_by: 'staff', employee_name: 'Carmen Ruiz' });
  const mine = (await (await page.request.get('/api/my-appointments')).json()) as { appointments: { id: string }[] };
  expect(mine.appointments.map((a) => a.id)).not.toContain(rows[0]!.id);
});

test('her own notices (her cap of visits) step aside while she books for a client, and come back with "Para mí"', async ({ page }) => {
  // Carmen at the salon's cap of visits as a client: far ahead, at night, so no journey's free time is taken.
  const db = e2eDb();
  const [carmen, lucia] = (
    await db.query<{ id: string; email: string; name: string }>(`SELECT id, email, name FROM "user" WHERE email IN ('carmen@auna.demo', 'lucia@auna.demo') ORDER BY email`)
  ).rows as [{ id: string; email: string; name: string }, { id: string; email: string; name: string }];
  const cap = (await db.query<{ n: number }>(`SELECT max_future_appointments_per_client AS n FROM salon_settings LIMIT 1`)).rows[0]?.n ?? 4;
  const service = serviceOf((await db.query<{ id: string; name: string; duration: number; price: number }>(
    `SELECT id, name, duration, price::float AS price FROM services WHERE name = 'Manicura semipermanente'`,
  )).rows[0]);
  const held: string[] = [];
  try {
    for (let i = 0; i < cap; i++) {
      const start = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 10 + i, 2, 0));
      held.push(await insertAppointment({ employee: lucia, client: carmen, start, service }));
    }
    await logIn(page, 'carmen@auna.demo');
    await expect(page).toHaveURL(/\/employee\/agenda/, { timeout: 30_000 });
    await page.goto(`/book/${service.id}`);
    const notice = page.getByTestId('cap-notice');
    await expect(notice).toContainText(`Ya tienes ${cap} citas próximas, el máximo que permite el salón.`, { timeout: 30_000 });

    const forWhom = page.getByRole('group', { name: '¿Para quién es la cita?' });
    await forWhom.getByRole('radio', { name: 'Para un cliente' }).check();
    await expect(notice).toHaveCount(0);
    await forWhom.getByRole('radio', { name: 'Para mí' }).check();
    await expect(notice).toBeVisible();
  } finally {
    await db.query(`DELETE FROM appointments WHERE id = ANY($1)`, [held]);
  }
});

test('Carmen books a manicure and a pedicure as one visit for a phone client: "Añadir otro servicio" keeps who it is for', async ({ page }) => {
  const manicure = await serviceNamed('Manicura semipermanente');
  // Past the demo's booked history, a Wednesday or Thursday (Carmen works both).
  let day = addDays(TODAY, DEMO_HISTORY.futureDays + 11);
  while (!isBookableDate(day, TODAY) || !['wednesday', 'thursday'].includes(dayKeyOfDate(day))) day = addDays(day, 1);

  await logIn(page, 'carmen@auna.demo');
  await expect(page).toHaveURL(/\/employee\/agenda/, { timeout: 30_000 });
  await page.goto(`/book/${manicure.id}`);
  const forWhom = page.getByRole('group', { name: '¿Para quién es la cita?' });
  await expect(forWhom).toBeVisible({ timeout: 30_000 });
  await forWhom.getByRole('radio', { name: 'Para un cliente' }).check();
  await page.getByLabel('Buscar cliente').fill(VISIT_DIGITS);
  await page.getByRole('list', { name: 'Clientes encontrados' }).getByRole('button', { name: new RegExp(VISIT_CLIENT) }).click();
  await expect(page.getByTestId('chosen-client')).toContainText(VISIT_CLIENT);

  // The planner is the client's visit, not Carmen's; back from it, the client is still chosen.
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `La visita de ${VISIT_CLIENT}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByTestId('chosen-client')).toContainText(VISIT_CLIENT);
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `La visita de ${VISIT_CLIENT}` })).toBeVisible({ timeout: 30_000 });

  // The manicure with Carmen (her own, chosen for her client), then the pedicure with Carmen, back to back.
  const first = page.getByRole('listitem').filter({ hasText: 'Servicio 1' });
  await expect(first.getByLabel('Profesional', { exact: true }).locator('option:checked')).toHaveText('Carmen Ruiz');
  const second = page.getByRole('listitem').filter({ hasText: 'Servicio 2' });
  await second.getByLabel('Servicio', { exact: true }).selectOption({ label: 'Pedicura spa' });
  await second.getByLabel('Profesional', { exact: true }).selectOption({ label: 'Carmen Ruiz' });
  await showMonthOf(page, day);
  await cell(page, day).click();
  const times = page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const time = (await times.first().textContent())!.trim();
  await times.first().click();
  await page.screenshot({ path: 'screenshots/for-whom/visita-cliente-390.png', fullPage: true });
  await page.getByRole('button', { name: MSG.confirmBookingFor(time) }).click();

  // She lands on her agenda on that day; the visit is the client's record's, both parts, booked by staff.
  await expect(page).toHaveURL(new RegExp(`/employee/agenda\\?fecha=${day}$`), { timeout: 30_000 });
  await expect(page.getByText(`Visita reservada para ${VISIT_CLIENT}.`)).toBeVisible();
  const rows = (
    await e2eDb().query<{ visit_id: string | null; client_id: string | null; booked_by: string; service_name: string }>(
      `SELECT visit_id, client_id, booked_by, service_name FROM appointments WHERE client_record_id = $1 ORDER BY start_time`,
      [visitRecordId],
    )
  ).rows;
  expect(rows.map((r) => r.service_name)).toEqual(['Manicura semipermanente', 'Pedicura spa']);
  expect(rows[0]!.visit_id).not.toBeNull();
  expect(rows[1]!.visit_id).toBe(rows[0]!.visit_id);
  for (const r of rows) expect(r).toMatchObject({ client_id: null, booked_by: 'staff' });
});

function serviceOf(row: { id: string; name: string; duration: number; price: number } | undefined) {
  if (!row) throw new Error('the demo salon has no "Manicura semipermanente"');
  return row;
}
