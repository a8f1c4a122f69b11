import { goToMonth } from './support/booking-page';
import type { Locator, Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { AGENDA_PASSWORD, cleanUp, closeE2eDb, e2eDb, insertAppointment, linkEmployeeRecord, makeEmployee, serviceNamed, signUpAs, type Person } from './support/agenda-arrange';
import { DEMO, expect, logIn, test, uniqueEmail } from './support/fixtures';
import { typeDate } from './support/date-field';

// Closures and time off (ADRs 023, 024) in Chromium against the built app: the admin adds Spain's national holidays and a
// client's booking calendar shows 6 January as unavailable; a professional's afternoon off
// (added by herself in "Mis ausencias") removes those times live from an open booking page.

const TZ = SALON_TIME_ZONE;
const TODAY = salonDateOf(Date.now(), TZ);
// Next year: no other journey books that far ahead, so its holidays touch nobody else's run.
const YEAR = Number(TODAY.slice(0, 4)) + 1;
const REYES = `${YEAR}-01-06`;
const SERVICE = 'Diseño de cejas';
const HORIZON_NOTE = 'Solo se puede reservar con hasta 90 días de antelación.';

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
function cell(page: Page, date: string): Locator {
  const label = longDate.format(new Date(`${date}T12:00:00Z`));
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`(^|\\s)${label}`) });
}
async function showMonthOf(page: Page, date: string) {
  await goToMonth(page, date, cell(page, date));
}
const timeButton = (page: Page, time: string) => page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: time, exact: true });
function dayAhead(n: number): string {
  let d = addDays(TODAY, n);
  while (!isBookableDate(d, TODAY)) d = addDays(d, 1);
  return d;
}

let ipSeq = 0;
const ownIp = () => ({ 'x-forwarded-for': `10.251.${process.pid % 250}.${++ipSeq % 250}` });

const made: string[] = [];
let professional: Person;
let serviceId: string;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  professional = await signUpAs(request, baseURL, uniqueEmail('ausencia-pro'), `Olga Ruiz ${Date.now().toString(36)}`);
  await request.dispose();
  made.push(professional.id);
  await makeEmployee(professional);
  serviceId = (await serviceNamed(SERVICE)).id;
  await linkEmployeeRecord(professional, serviceId);
});

test.afterAll(async () => {
  await e2eDb().query(`DELETE FROM salon_exceptions WHERE start_date BETWEEN $1 AND $2`, [`${YEAR}-01-01`, `${YEAR}-12-31`]);
  await cleanUp(made);
  await closeE2eDb();
});

test('the admin adds the national holidays; the client’s calendar shows 6 January as unavailable', async ({ page, browser, baseURL }) => {
  test.slow(); // Three browsers: the admin's holidays, the client's calendar months ahead, the professional's agenda.
  await logIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'Cierres y ausencias' })).toBeVisible();
  await page.getByLabel('Año').selectOption(String(YEAR));
  await page.getByRole('button', { name: `Añadir festivos nacionales de ${YEAR}` }).click();
  await expect(page.getByText(`Añadidos 10 festivos nacionales de ${YEAR}.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cierres y horarios especiales' })).toContainText('Cerrado: Reyes');

  const client = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const cp = await client.newPage();
  made.push((await signUpAs(cp.request, baseURL!, uniqueEmail('ausencia-cli'), 'Clara Soler')).id);
  await cp.goto(`/book/${serviceId}`);
  await cp.getByLabel('Profesional').selectOption({ label: professional.name });
  await showMonthOf(cp, REYES);
  await expect(cell(cp, REYES)).toHaveAttribute('aria-disabled', 'true');
  // Past the salon's horizon (90 days by default) the day is unavailable for that reason instead (ADR 031).
  if (`${YEAR}-01-07` <= addDays(TODAY, 90)) await expect(cell(cp, `${YEAR}-01-07`)).not.toHaveAttribute('aria-disabled', 'true');
  else await expect(cell(cp, `${YEAR}-01-07`)).toHaveAttribute('aria-label', new RegExp(HORIZON_NOTE));
  await client.close();

  // And the professional's agenda names the day.
  const staff = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const sp = await staff.newPage();
  await logIn(sp, DEMO.employee);
  await expect(sp).toHaveURL(/\/employee/);
  await sp.goto(`/employee/agenda?fecha=${REYES}`);
  await expect(sp.getByTestId('agenda-closed')).toHaveText('Cerrado: Reyes');
  await staff.close();
});

test('a professional’s afternoon off removes those times live from an open booking page', async ({ page, browser, baseURL }) => {
  const day = dayAhead(5);
  made.push((await signUpAs(page.request, baseURL!, uniqueEmail('ausencia-cli2'), 'Nerea Pons')).id);
  await page.goto(`/book/${serviceId}`);
  await page.getByLabel('Profesional').selectOption({ label: professional.name });
  await showMonthOf(page, day);
  await cell(page, day).click();
  await expect(timeButton(page, '16:00')).toBeVisible();

  // The professional, in her own browser, takes the afternoon off.
  const pro = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const pp = await pro.newPage();
  const res = await pp.request.post('/api/auth/sign-in/email', { data: { email: professional.email, password: AGENDA_PASSWORD }, headers: { origin: baseURL! } });
  expect(res.ok()).toBe(true);
  await pp.goto('/employee/time-off');
  const form = pp.getByRole('form', { name: 'Añadir ausencia' });
  await typeDate(form, 'Desde', day);
  await typeDate(form, 'Hasta (incluido)', day);
  await form.getByLabel('Solo unas horas de cada día').check();
  await form.getByLabel('Desde las').fill('15:00');
  await form.getByLabel('Hasta las').fill('20:00');
  await form.getByLabel(/Motivo/).fill('Médico');
  await form.getByRole('button', { name: 'Añadir ausencia' }).click();
  await expect(pp.getByText('De 15:00 a 20:00 · Médico')).toBeVisible();
  await pro.close();

  // The client's open page loses the afternoon without a reload.
  await expect(timeButton(page, '16:00')).toHaveCount(0, { timeout: 3_000 });
  await expect(timeButton(page, '15:00')).toHaveCount(0);
  await expect(timeButton(page, '10:00')).toBeVisible();
});

test('a time off over a confirmed appointment lists it; the admin moves it to another day from the list', async ({ page, playwright, baseURL }) => {
  const day = dayAhead(6);
  const later = dayAhead(8);
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  const client = await signUpAs(other, baseURL!, uniqueEmail('ausencia-cli3'), 'Inés Mora');
  await other.dispose();
  made.push(client.id);
  const service = await serviceNamed(SERVICE);
  const id = await insertAppointment({ employee: professional, client, service, start: wallClockToInstant(day, '10:00', TZ)! });
  const record = (await e2eDb().query<{ id: string }>(`SELECT id FROM employees WHERE user_id = $1`, [professional.id])).rows[0]!.id;

  await logIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const added = await page.request.post('/api/admin/availability/time-off', {
    data: { employeeId: record, startDate: day, endDate: day, reason: 'Curso' },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(201);

  // Nothing is cancelled: the appointment waits in the conflict list with both choices.
  await page.goto('/admin/availability');
  const row = page.getByRole('list', { name: 'Citas en conflicto' }).locator(`[data-appointment-id="${id}"]`);
  await expect(row).toContainText('Inés Mora');
  await expect(row.getByRole('button', { name: 'Cancelar como salón' })).toBeVisible();
  await row.getByRole('button', { name: 'Mover' }).click();

  // The front desk's reschedule: only open times are offered; the move keeps the appointment.
  const sheet = page.getByRole('dialog', { name: 'Mover la cita de Inés Mora' });
  await typeDate(sheet, 'Día', later);
  await sheet.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: '11:00', exact: true }).click();
  await sheet.getByRole('button', { name: 'Cambiar a las 11:00' }).click();
  await expect(sheet).toBeHidden();
  await expect(row).toHaveCount(0);
  const moved = (await e2eDb().query<{ start_time: Date; status: string }>(`SELECT start_time, status FROM appointments WHERE id = $1`, [id])).rows[0]!;
  expect(moved.status).toBe('confirmed');
  expect(moved.start_time.toISOString()).toBe(wallClockToInstant(later, '11:00', TZ)!.toISOString());
});

test('days past the booking horizon are unavailable and the calendar says why', async ({ browser, baseURL }) => {
  const client = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
  const cp = await client.newPage();
  made.push((await signUpAs(cp.request, baseURL!, uniqueEmail('horizonte-cli'), 'Hugo Pardo')).id);
  await cp.goto(`/book/${serviceId}`);
  await cp.getByLabel('Profesional').selectOption({ label: professional.name });
  const beyond = addDays(TODAY, 91);
  await showMonthOf(cp, beyond);
  await expect(cell(cp, beyond)).toHaveAttribute('aria-disabled', 'true');
  await expect(cell(cp, beyond)).toHaveAttribute('aria-label', new RegExp(HORIZON_NOTE));
  await expect(cp.getByText(HORIZON_NOTE, { exact: true })).toBeVisible();
  await client.close();
});
