import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { MSG } from '../src/domain/texts/common';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { cell, dayAhead, ownIp, showMonthOf, timeButton } from './support/booking-page';
import { AGENDA_PASSWORD, cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, signUpAs, type Person } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';

// Bonos (ADR 037), end to end: the admin creates "Bono 6 sesiones láser" and sells it
// at the front desk to a phone client (a record with her email, no account) paying by Bizum; she
// signs up with that email and confirms it (her record, and its bono, become her account's); she
// books a laser session and the page tells her what her bono has left; her professional marks it
// completed and "Mis bonos" says 5 are left. The service and the professional are this run's own.

const RUN = Date.now().toString(36);
const TZ = SALON_TIME_ZONE;
const made: string[] = [];
const serviceName = `Depilación láser ${RUN}`;
const typeName = 'Bono 6 sesiones láser';
let serviceId: string;
let pro: Person;
let recordId: string;
/** The phone client the employee sells to (the second journey). */
let deskRecordId: string | undefined;
let typeId: string;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  serviceId = (await e2eDb().query<{ id: string }>(`INSERT INTO services (name, description, duration, price) VALUES ($1, 'Sesión de láser de diodo', 30, 65) RETURNING id`, [serviceName])).rows[0]!.id;
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  pro = await signUpAs(request, baseURL, uniqueEmail('bono-pro'), `Irene Láser ${RUN}`);
  await request.dispose();
  made.push(pro.id);
  await makeEmployee(pro);
  await linkEmployeeRecord(pro, serviceId);
});

test.afterAll(async () => {
  await cleanUp(made);
  const db = e2eDb();
  if (recordId) await db.query(`DELETE FROM bonos WHERE client_id = $1`, [recordId]);
  if (deskRecordId) await db.query(`DELETE FROM bonos WHERE client_id = $1`, [deskRecordId]);
  if (typeId) await db.query(`DELETE FROM bono_types WHERE id = $1`, [typeId]);
  await db.query(`DELETE FROM services WHERE id = $1`, [serviceId]);
  await closeE2eDb();
});

test('a bono sold at the front desk by Bizum is spent by her booked laser session: "quedan 5"', async ({ page, browser, baseURL }) => {
  // Three browser contexts and the agenda's 7 s undo window: about 26 s on a quiet 2-core machine.
  test.setTimeout(60_000);
  // The admin: a fresh account made admin, so the demo admin's sign-in limits are not touched.
  const admin = await signUpAs(page.request, baseURL!, uniqueEmail('bono-admin'), 'Recepción Bonos');
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);

  // 1. The bono type, from the admin's Bonos page.
  await page.goto('/admin/bonos');
  await page.getByRole('button', { name: 'Añadir tipo de bono' }).click();
  const form = page.getByRole('form', { name: 'Nuevo tipo de bono' });
  await form.getByLabel('Nombre').fill(typeName);
  await form.getByLabel(serviceName).check();
  await form.getByLabel('Sesiones').fill('6');
  await form.getByLabel('Precio').fill('390');
  await form.getByLabel('Validez').fill('12');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`«${typeName}» añadido.`)).toBeVisible();
  typeId = (await e2eDb().query<{ id: string }>(`SELECT id FROM bono_types WHERE name = $1 ORDER BY created_at DESC LIMIT 1`, [typeName])).rows[0]!.id;

  // 2. A phone client: a record with her email and no account; the bono sold to her by Bizum.
  const email = uniqueEmail('bono-clienta');
  const created = await page.request.post('/api/front-desk/clients', { data: { name: `Lola Bono ${RUN}`, phone: `6${String(Date.now()).slice(-8)}`, email }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  recordId = ((await created.json()) as { client: { id: string } }).client.id;
  await page.goto(`/admin/clients/${recordId}`);
  await page.getByRole('button', { name: 'Vender bono' }).click();
  const sale = page.getByRole('form', { name: 'Vender bono' });
  await sale.getByLabel('Bono').selectOption({ value: typeId });
  await expect(sale.getByLabel('Importe (€)')).toHaveValue('390');
  await sale.getByLabel('Forma de pago').selectOption({ label: 'Bizum' });
  await sale.getByRole('button', { name: 'Vender bono' }).click();
  await expect(page.getByText(`«${typeName}» vendido.`)).toBeVisible();
  const card = page.getByTestId('bono-card');
  await expect(card.getByTestId('bono-remaining')).toContainText('Quedan 6 sesiones');
  await expect(card).toContainText('390,00 € · Bizum');

  // 3. She signs up with that email and confirms it: the record and its bono become hers.
  const ctx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const her = await ctx.newPage();
  const client = await signUpAs(her.request, baseURL!, email, 'Lola Bono');
  made.push(client.id);
  const mail = await waitForMail(email, { match: (m) => m.subject === STAFF_MSG.emailVerifySubject });
  await her.goto(firstLink(mail.text)!);
  await expect(her.getByText(MSG.emailVerified)).toBeVisible();

  // 4. She books a session: before confirming, the page says what her bono has left.
  const day = dayAhead(5);
  await her.goto(`/book/${serviceId}`);
  await her.getByLabel('Profesional').selectOption({ label: pro.name });
  await showMonthOf(her, day);
  await cell(her, day).click();
  await timeButton(her, '10:00').click();
  await expect(her.getByTestId('bono-hint')).toHaveText('Con tu bono: quedan 6 sesiones');
  await her.getByRole('button', { name: 'Confirmar Cita para las 10:00' }).click();
  await expect(her).toHaveURL(/\/my-appointments$/);
  await expect(her.getByText('Con tu bono: quedan 5 sesiones')).toBeVisible();

  // 5. The visit happens: it is moved to a day that has passed (a booking only takes future
  // times), then her professional marks it completed from the agenda.
  const { rows } = await e2eDb().query<{ id: string }>(`SELECT id FROM appointments WHERE client_id = $1`, [client.id]);
  const past = addDays(salonDateOf(Date.now(), TZ), -25);
  const start = wallClockToInstant(past, '10:00', TZ)!;
  await e2eDb().query(`UPDATE appointments SET start_time = $2, end_time = $3 WHERE id = $1`, [rows[0]!.id, start, new Date(start.getTime() + 30 * 60_000)]);
  const proCtx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const proPage = await proCtx.newPage();
  const signIn = await proPage.request.post('/api/auth/sign-in/email', { data: { email: pro.email, password: AGENDA_PASSWORD }, headers: { origin: baseURL! } });
  expect(signIn.ok()).toBe(true);
  await proPage.goto(`/employee/agenda?fecha=${past}`);
  const visit = proPage.getByTestId('agenda-appointment').filter({ hasText: '10:00' });
  await visit.getByRole('button', { name: 'Completada' }).click();
  await expect(visit).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect.poll(async () => (await e2eDb().query(`SELECT state FROM bono_sessions WHERE appointment_id = $1`, [rows[0]!.id])).rows[0]?.state, { timeout: 15_000 }).toBe('spent');

  // 6. "Mis bonos": 5 left, the session with its date.
  await her.goto('/mis-bonos');
  await expect(her.getByRole('heading', { name: 'Mis bonos' })).toBeVisible();
  const mine = her.getByTestId('bono-card');
  await expect(mine.getByTestId('bono-remaining')).toContainText('Quedan 5 sesiones');
  await expect(mine).toContainText('Usada');

  // 7. The owner's Caja del día: today the Bizum sale and the session spent (the visit paid with
  // the bono); on the visit's own day it is not among the completed without payment.
  await page.goto('/admin/caja');
  await expect(page.getByTestId('caja-bono-sale').filter({ hasText: `Lola Bono ${RUN}` })).toContainText(`${typeName} · Lola Bono ${RUN}`);
  await expect(page.getByTestId('caja-bono-sale').filter({ hasText: `Lola Bono ${RUN}` })).toContainText('Bizum 390,00 €');
  await expect(page.getByTestId('caja-by-method')).toContainText('Bizum');
  await expect(page.getByTestId('caja-bono-session').filter({ hasText: pro.name })).toContainText(typeName);
  await page.goto(`/admin/caja?dia=${past}`);
  await expect(page.getByRole('heading', { name: 'Caja del día' })).toBeVisible();
  await expect(page.getByTestId('caja-unpaid').filter({ hasText: pro.name })).toHaveCount(0);
  await ctx.close();
  await proCtx.close();
});

test('an employee sells a bono at the desk from her own portal: Bonos, the client, Vender bono', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const desk = await ctx.newPage();
  const signIn = await desk.request.post('/api/auth/sign-in/email', { data: { email: pro.email, password: AGENDA_PASSWORD }, headers: { origin: baseURL! } });
  expect(signIn.ok()).toBe(true);
  const name = `Nuria Mostrador ${RUN}`;
  const created = await desk.request.post('/api/front-desk/clients', { data: { name, phone: `7${String(Date.now()).slice(-8)}` }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  deskRecordId = ((await created.json()) as { client: { id: string } }).client.id;

  await desk.goto('/employee/agenda');
  await desk.getByRole('link', { name: 'Bonos' }).click();
  await expect(desk).toHaveURL(/\/employee\/bonos$/);
  await desk.getByLabel('Buscar cliente').fill(name);
  await desk.getByRole('list', { name: 'Clientes encontrados' }).getByRole('button', { name: new RegExp(name) }).click();
  await desk.getByRole('button', { name: 'Vender bono' }).click();
  const sale = desk.getByRole('form', { name: 'Vender bono' });
  await sale.getByLabel('Bono').selectOption({ label: 'Bono 5 limpiezas faciales · 180,00 €' });
  await sale.getByLabel('Forma de pago').selectOption({ label: 'Efectivo' });
  await sale.getByRole('button', { name: 'Vender bono' }).click();
  await expect(desk.getByText('«Bono 5 limpiezas faciales» vendido.')).toBeVisible();
  await expect(desk.getByTestId('bono-card').getByTestId('bono-remaining')).toContainText('Quedan 5 sesiones');
  // Extending and refunding stay the admin's: not offered to her.
  await expect(desk.getByRole('button', { name: /Ampliar caducidad|Devolver/ })).toHaveCount(0);
  await ctx.close();
});
