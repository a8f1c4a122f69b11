import type { Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { ACCESS_MSG } from '../src/domain/texts/staff-access';
import { salonLoginEmail } from '../src/domain/staff-login';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { closeE2eDb, e2eDb, serviceNamed } from './support/agenda-arrange';
import { logIn } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';
import { asAdmin, expect, RUN, test } from './support/back-office';

// "Dar acceso" (ADR 084, 085), in Chromium against the demo salon: the admin gives an apprentice
// without an email a salon login name and a generated first-sign-in password from her employee
// record; she signs in, must choose her own password, and lands in her agenda; the desk books her a
// phone client and the visit is in that agenda. The record made here is removed again.

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);
const NAME = `Aprendiz Prueba ${RUN}`;
const LOGIN = salonLoginEmail(NAME);
const CLIENT = `Pilar Aprendiz ${RUN}`;
// A new professional with an email of her own, invited to choose her password (ADR 100).
const INVITED = `Invitada Prueba ${RUN}`;
const INVITED_EMAIL = `invitada.${RUN}@auna.test`;
let invitedId = '';
const SHOTS = 'test-results/employees-access';
let employeeId = '';

test.beforeAll(async () => {
  const day = { isWorkingDay: true, startTime: '09:00', endTime: '20:00', breaks: [] };
  const off = { isWorkingDay: false, startTime: '09:00', endTime: '17:00', breaks: [] };
  const week = { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: off };
  const { rows } = await e2eDb().query<{ id: string }>(`INSERT INTO employees (name, availability) VALUES ($1, $2) RETURNING id`, [NAME, JSON.stringify(week)]);
  employeeId = rows[0]!.id;
  const invited = await e2eDb().query<{ id: string }>(`INSERT INTO employees (name, email, availability) VALUES ($1, $2, $3) RETURNING id`, [
    INVITED,
    INVITED_EMAIL,
    JSON.stringify(week),
  ]);
  invitedId = invited.rows[0]!.id;
  const service = await serviceNamed('Corte y peinado');
  await e2eDb().query(`INSERT INTO employee_services (employee_id, service_id) VALUES ($1, $2)`, [employeeId, service.id]);
});

test.afterAll(async () => {
  const db = e2eDb();
  await db.query(`DELETE FROM appointments WHERE client_name = $1`, [CLIENT]);
  await db.query(`DELETE FROM employees WHERE id = ANY($1)`, [[employeeId, invitedId]]);
  await db.query(`DELETE FROM "user" WHERE email = ANY($1)`, [[LOGIN, INVITED_EMAIL]]);
  await closeE2eDb();
});

// The answers this journey reads (a slot list, a new client record).
type Answer = { slots?: Array<{ time: string }>; client?: { id: string } } | null;

/** A same-origin API call from the admin's page (its cookie and Origin), as the desk's screens make. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: Answer }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, { method: m as string, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

test('an apprentice without an email is given access, chooses her password, and receives a desk booking', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await asAdmin(page, '/admin/employees');
  const row = page.getByTestId('employee-row').filter({ hasText: NAME });
  await row.getByRole('button', { name: `Editar ${NAME}` }).click();
  const form = page.getByRole('form', { name: `Editar empleado ${NAME}` });
  const access = form.getByRole('region', { name: ACCESS_MSG.sectionTitle });
  await expect(access).toContainText(ACCESS_MSG.noAccount);

  // No email of her own: the salon's login name, and a generated first password.
  await access.getByRole('button', { name: ACCESS_MSG.useSalonLogin }).click();
  await expect(access.getByLabel(ACCESS_MSG.loginEmailLabel)).toHaveValue(LOGIN);
  // Too short first: the form says the rule before asking the server.
  await access.getByLabel(ACCESS_MSG.firstPasswordLabel).fill('corta');
  await access.getByRole('button', { name: ACCESS_MSG.giveAccess }).click();
  await expect(access.getByText(ACCESS_MSG.firstPasswordHelp).first()).toBeVisible();
  await access.getByRole('button', { name: ACCESS_MSG.generatePassword }).click();
  const first = await access.getByLabel(ACCESS_MSG.firstPasswordLabel).inputValue();
  // A new password is a new attempt: the refusal goes.
  await expect(access.getByRole('alert')).toHaveCount(0);
  expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);
  await access.scrollIntoViewIfNeeded();
  await access.screenshot({ path: `${SHOTS}/access-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await access.scrollIntoViewIfNeeded();
  await access.screenshot({ path: `${SHOTS}/access-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  await access.getByRole('button', { name: ACCESS_MSG.giveAccess }).click();
  await expect(page.getByText(ACCESS_MSG.accessGiven)).toBeVisible();
  await expect(access).toBeHidden();
  // Saving the form afterwards keeps the new link (the form took it over).
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form).toBeHidden();
  const linked = await e2eDb().query(`SELECT user_account_email FROM employees WHERE id = $1`, [employeeId]);
  expect(linked.rows[0].user_account_email).toBe(LOGIN);

  // She signs in on the salon's tablet: her own password first, then her agenda.
  const context = await browser.newContext({
    baseURL,
    storageState: undefined,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    extraHTTPHeaders: { 'x-forwarded-for': `10.242.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const her = await context.newPage();
  await logIn(her, LOGIN, first);
  await expect(her.getByRole('heading', { name: ACCESS_MSG.changeTitle })).toBeVisible();
  await her.screenshot({ path: `${SHOTS}/first-password-1280.png` });
  // Whatever the page, the server refuses her work until then.
  expect((await her.request.get(`/api/agenda?date=${TODAY}`)).status()).toBe(403);
  await her.getByLabel(ACCESS_MSG.currentPasswordLabel).fill(first);
  await her.getByLabel(ACCESS_MSG.newPasswordLabel).fill(`mi-propia-clave-${RUN}`);
  await her.getByRole('button', { name: ACCESS_MSG.changeSubmit }).click();
  await expect(her.getByRole('heading', { name: ACCESS_MSG.changeTitle })).toBeHidden();
  await expect(her).toHaveURL(/\/employee\/agenda/);

  // The desk books her a phone client on the first day she has 11:00 free.
  const service = await serviceNamed('Corte y peinado');
  let day = addDays(TODAY, 7);
  for (let i = 0; i < 30; i++, day = addDays(day, 1)) {
    if (!isBookableDate(day, TODAY) || dayKeyOfDate(day) === 'sunday') continue;
    const slots = await api(page, 'GET', `/api/booking/slots?serviceId=${service.id}&professionalId=${employeeId}&date=${day}`);
    if ((slots.body?.slots ?? []).some((s) => s.time === '11:00')) break;
  }
  const client = await api(page, 'POST', '/api/front-desk/clients', { name: CLIENT, phone: `6${String(Date.now()).slice(-8)}` });
  expect(client.status).toBe(201);
  const booked = await api(page, 'POST', '/api/booking/staff', { clientId: client.body!.client!.id, serviceId: service.id, professionalId: employeeId, date: day, time: '11:00' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  await her.goto(`/employee/agenda?fecha=${day}`);
  await expect(her.getByText(CLIENT).first()).toBeVisible();
  await context.close();
});

test('a professional with her own email is invited, chooses her password from the mail, and lands in her agenda', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await asAdmin(page, '/admin/employees');
  const row = page.getByTestId('employee-row').filter({ hasText: INVITED });
  await row.getByRole('button', { name: `Editar ${INVITED}` }).click();
  const access = page.getByRole('form', { name: `Editar empleado ${INVITED}` }).getByRole('region', { name: ACCESS_MSG.sectionTitle });
  // Her email is on her record: the invitation is the first choice, and no password is asked for.
  await expect(access.getByLabel(ACCESS_MSG.loginEmailLabel)).toHaveValue(INVITED_EMAIL);
  await expect(access.getByRole('radio', { name: ACCESS_MSG.byInvitation })).toBeChecked();
  await expect(access.getByLabel(ACCESS_MSG.firstPasswordLabel, { exact: true })).toHaveCount(0);
  await access.scrollIntoViewIfNeeded();
  await access.screenshot({ path: `${SHOTS}/invitation-1280.png` });
  const sentAfter = new Date();
  await access.getByRole('button', { name: ACCESS_MSG.sendInvitation }).click();
  await expect(page.getByText(ACCESS_MSG.invitationSent)).toBeVisible();

  const mail = await waitForMail(INVITED_EMAIL, { timeout: 20_000, after: sentAfter });
  expect(mail.subject).toMatch(/: elige tu contraseña de Auna$/);
  expect(mail.text).toContain(`Entrarás con este email: ${INVITED_EMAIL}.`);

  const context = await browser.newContext({
    baseURL,
    storageState: undefined,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.243.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const her = await context.newPage();
  await her.goto(firstLink(mail.text)!);
  await expect(her).toHaveURL(/\/reset-password\?/);
  const mine = `mi-clave-de-invitada-${RUN}`;
  await her.getByRole('textbox', { name: 'Nueva contraseña' }).fill(mine);
  await her.getByLabel('Confirmar contraseña').fill(mine);
  await her.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(her).toHaveURL(/\/login/);
  await logIn(her, INVITED_EMAIL, mine);
  // Her own password already: no "Elige tu contraseña", straight to her agenda.
  await expect(her).toHaveURL(/\/employee\/agenda/, { timeout: 30_000 });
  await expect(her.getByRole('heading', { name: ACCESS_MSG.changeTitle })).toHaveCount(0);
  await context.close();
});
