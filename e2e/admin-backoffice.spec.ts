import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { truncateAccountEmail } from '../src/domain/back-office-rules';
import { isBookableDate } from '../src/domain/booking-rules';
import { ACCOUNT_MSG } from '../src/domain/texts/accounts';
import { MSG } from '../src/domain/texts/common';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { DEMO, DEMO_PASSWORD, expect, logIn, test as base, uniqueEmail } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';

// The back office, part 1 (SPEC §2 Manage services, Manage employees, Salon settings; §4
// activation and account linking; §5 forms), in Chromium against the built demo salon. What the
// admin does is checked where it matters: on the client's services list, on the booking screen,
// and in the linked person's own sign-in. Everything made here is removed again, and the slot
// interval is put back to 30, so the other journeys see the demo salon as seeded.

const TZ = SALON_TIME_ZONE;
const TODAY = salonDateOf(Date.now(), TZ);
const RUN = Date.now().toString(36);
const PASSWORD = 'clave-backoffice-1';

/** A weekday at least `n` days ahead (Monday to Friday: every demo professional works then). */
function weekdayAhead(n: number): string {
  let d = addDays(TODAY, n);
  while (!isBookableDate(d, TODAY) || dayKeyOfDate(d) === 'saturday') d = addDays(d, 1);
  return d;
}

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** The booking calendar's cell of a date ("lunes, 30 de noviembre de 2026"). */
function cell(page: Page, date: string): Locator {
  const label = longDate.format(new Date(`${date}T12:00:00Z`));
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`(^|\\s)${label}`) });
}
async function pickDay(page: Page, date: string) {
  for (let i = 0; i < 3 && (await cell(page, date).count()) === 0; i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await cell(page, date).click();
}
const timeButton = (page: Page, time: string) =>
  page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: time, exact: true });

async function signUp(request: APIRequestContext, baseURL: string, email: string, name: string) {
  const res = await request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name }, headers: { origin: baseURL } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A fresh client in its own browser context, signed in (a new account: no shared per-account limits). */
async function newClient(
  browser: Browser,
  baseURL: string,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({
    baseURL,
    storageState: undefined,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    extraHTTPHeaders: { 'x-forwarded-for': `10.240.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signUp(page.request, baseURL, email, `Cliente ${prefix}`);
  return { context, page, email };
}

// The demo admin signs in ONCE for this file (sign-ins are limited per account across the whole
// run, and other journeys sign in as the admin too); every test's `page` carries that session.
const test = base.extend<object, { adminState: string }>({
  adminState: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
    async ({}, use, workerInfo) => {
      const baseURL = process.env.AUNA_E2E_BASE_URL!;
      const ctx = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': `10.241.${workerInfo.workerIndex % 250}.1` },
      });
      const res = await ctx.post('/api/auth/sign-in/email', {
        data: { email: DEMO.admin, password: DEMO_PASSWORD },
        headers: { origin: baseURL },
      });
      expect(res.ok(), `admin sign-in: ${res.status()}`).toBe(true);
      const file = path.join(os.tmpdir(), `auna-e2e-backoffice-admin-${process.pid}-${workerInfo.workerIndex}.json`);
      await ctx.storageState({ path: file });
      await ctx.dispose();
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, use) => use(adminState),
});

async function asAdmin(page: Page, where: string) {
  await page.goto(where);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The service's card heading on the client's list (/services). */
const serviceOnList = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.describe('back office', () => {
  // Long journeys across three browser contexts (admin, the linked person, a client): on a busy
  // two-core machine running the whole suite they can pass the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('services: create, edit, deactivate and delete; the client list follows', async ({ page, browser, baseURL }) => {
    const name = `Peeling suave ${RUN}`;
    const renamed = `Peeling luminoso ${RUN}`;
    const client = await newClient(browser, baseURL!, 'bo-svc');
    await asAdmin(page, '/admin/services');
    await expect(page.getByRole('columnheader')).toHaveText(['Nombre', 'Categoría', 'Duración', 'Precio', 'Estado', 'Acciones']);

    // The toggle opens the form; the rules answer in Spanish before anything is sent.
    await page.getByRole('button', { name: 'Añadir Servicio' }).click();
    const form = page.getByRole('form', { name: 'Nuevo servicio' });
    await expect(form.getByLabel('Categoría')).toHaveAttribute('placeholder', 'Ej: Cabello, Uñas, Facial');
    await expect(form.getByLabel('Precio')).toHaveAttribute('step', '0.01');
    await form.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(form.getByText(MSG.serviceNameRequired)).toBeVisible();
    await form.getByLabel('Nombre').fill(name);
    await form.getByLabel('Duración').fill('0');
    await form.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(form.getByText(MSG.serviceDurationInvalid)).toBeVisible();

    await form.getByLabel('Categoría').fill('Facial');
    await form.getByLabel('Duración').fill('35');
    await form.getByLabel('Precio').fill('39.90');
    await form.getByLabel('Descripción').fill('Exfoliación suave con ácidos frutales.');
    await form.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('service-row').filter({ hasText: name });
    await expect(row).toContainText('Facial');
    await expect(row).toContainText('35 min');
    await expect(row).toContainText('39,90 €');
    await expect(row).toContainText('Activo');

    await client.page.goto('/services');
    await expect(serviceOnList(client.page, name)).toBeVisible();

    // Edit: the same form, filled.
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('form', { name: `Editar servicio ${name}` });
    await expect(edit.getByLabel('Nombre')).toHaveValue(name);
    await expect(edit.getByLabel('Precio')).toHaveValue('39.90');
    await edit.getByLabel('Nombre').fill(renamed);
    await edit.getByLabel('Precio').fill('42');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    const renamedRow = page.getByTestId('service-row').filter({ hasText: renamed });
    await expect(renamedRow).toContainText('42,00 €');

    await client.page.reload();
    await expect(serviceOnList(client.page, renamed)).toBeVisible();
    await expect(serviceOnList(client.page, name)).toHaveCount(0);

    // Deactivate, with a confirmation; only now may it be deleted.
    await expect(renamedRow.getByRole('button', { name: `Eliminar ${renamed}` })).toHaveCount(0);
    await renamedRow.getByRole('button', { name: `Desactivar ${renamed}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('¿Desactivar este servicio?');
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(renamedRow).toContainText('Inactivo');

    await client.page.reload();
    await expect(client.page.getByRole('heading', { name: 'Nuestros Servicios' })).toBeVisible();
    await expect(serviceOnList(client.page, renamed)).toHaveCount(0);

    // Permanent deletion: a strong confirmation that says it cannot be undone.
    await renamedRow.getByRole('button', { name: `Eliminar ${renamed}` }).click();
    await expect(dialog).toContainText('Esta acción no se puede deshacer.');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(renamedRow).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('service-row').first()).toBeVisible();
    await expect(page.getByTestId('service-row').filter({ hasText: renamed })).toHaveCount(0);
    await client.context.close();
  });

  test('employees: link an account that signed up as a client; it becomes a professional', async ({ page, browser, baseURL }) => {
    const SERVICE = 'Pedicura spa';
    const employeeName = `Noelia Ramos ${RUN}`;
    // The future professional signs up on her own, as any client.
    const person = await newClient(browser, baseURL!, 'bo-noelia');
    const client = await newClient(browser, baseURL!, 'bo-booker');

    await asAdmin(page, '/admin/employees');
    await expect(page.getByRole('columnheader')).toHaveText(['Nombre', 'Email', 'Servicios', 'Estado', 'Cuenta', 'Acciones']);
    await page.getByRole('button', { name: 'Añadir Empleado' }).click();
    const form = page.getByRole('form', { name: 'Nuevo empleado' });
    await form.getByLabel('Nombre').fill(employeeName);
    await form.getByLabel('Teléfono').fill('+34 611 22 33 44');
    await form.getByRole('checkbox', { name: new RegExp(`^${SERVICE}`) }).check();
    // The weekly availability starts from the spec's default: Monday to Friday 09:00-17:00.
    await expect(form.getByLabel('Lunes: inicio')).toHaveValue('09:00');
    await expect(form.getByLabel('Lunes: fin', { exact: true })).toHaveValue('17:00');
    await expect(form.getByRole('switch', { name: /Sábado/ })).not.toBeChecked();

    // Linking: disabled when empty, unknown emails refused, a typed but unconfirmed email refused.
    const linkButton = form.getByRole('button', { name: 'Vincular Cuenta' });
    await expect(linkButton).toBeDisabled();
    const accountEmail = form.getByLabel('Email de la cuenta del usuario');
    await accountEmail.fill(`nadie-${RUN}@example.com`);
    await linkButton.click();
    await expect(form.getByText(MSG.linkUserNotFound)).toBeVisible();
    await form.getByRole('button', { name: 'Guardar empleado' }).click();
    await expect(form.getByText(MSG.linkNotConfirmed)).toBeVisible();

    // An account whose email is not confirmed is not linked (ADR 025): she confirms it from the
    // email sign-up sent her (ADR 019), and then it is. Case does not matter (SPEC §5).
    await accountEmail.fill(person.email.toUpperCase());
    await linkButton.click();
    await expect(form.getByText(STAFF_MSG.linkEmailNotVerified)).toBeVisible();
    await waitForMail(person.email, { match: (m) => m.subject === STAFF_MSG.emailVerifySubject });
    // She missed the sign-up mail: the admin sends it again for her from the link step (ADR 030).
    const asked = new Date();
    await form.getByRole('button', { name: ACCOUNT_MSG.resendVerification }).click();
    await expect(form.getByText(STAFF_MSG.verificationResentFor)).toBeVisible();
    const verify = await waitForMail(person.email, { after: asked, match: (m) => m.subject === STAFF_MSG.emailVerifySubject });
    await person.page.goto(firstLink(verify.text)!);
    await expect(person.page.getByText(MSG.emailVerified)).toBeVisible();
    await linkButton.click();
    await expect(form.getByText(MSG.linkFound('Cliente bo-noelia'))).toBeVisible();
    await form.getByRole('button', { name: 'Guardar empleado' }).click();
    await expect(form).toBeHidden();

    const row = page.getByTestId('employee-row').filter({ hasText: employeeName });
    await expect(row).toContainText('+34 611 22 33 44');
    await expect(row).toContainText(truncateAccountEmail(person.email));
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // Editing shows the link.
    await row.getByRole('button', { name: `Editar ${employeeName}` }).click();
    await expect(page.getByText(MSG.linkedTo(person.email))).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // The linked person now signs in to her agenda.
    await person.context.clearCookies();
    await logIn(person.page, person.email, PASSWORD);
    await expect(person.page).toHaveURL(/\/employee\/agenda$/);

    // And clients are offered her for the service.
    await client.page.goto('/services');
    await client.page.getByRole('link', { name: `Seleccionar Servicio: ${SERVICE}` }).click();
    await expect(client.page.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
    await expect(client.page.getByLabel('Profesional').locator('option', { hasText: employeeName })).toHaveCount(1);

    // Her calendar feed: the URL is shown once, right after it is made (ADR 032).
    await person.page.getByRole('button', { name: STAFF_MSG.calendarFeedCreate }).click();
    await expect(person.page.getByText(STAFF_MSG.calendarFeedShownOnce)).toBeVisible();
    const feedUrl = await person.page.getByLabel('Enlace del calendario').inputValue();
    expect((await person.page.request.get(feedUrl)).status()).toBe(200);
    await person.page.reload();
    await expect(person.page.getByText(STAFF_MSG.calendarFeedActive)).toBeVisible();
    await expect(person.page.getByLabel('Enlace del calendario')).toHaveCount(0);

    // "Quitar acceso ahora" (ADR 032): her sessions and her feed end; she stays on the team.
    await row.getByRole('button', { name: `${STAFF_MSG.revokeAccessAction}: ${employeeName}` }).click();
    const revokeDialog = page.getByRole('alertdialog');
    await expect(revokeDialog).toContainText(STAFF_MSG.revokeAccessBody);
    await revokeDialog.getByRole('button', { name: STAFF_MSG.revokeAccessAction }).click();
    await expect(page.getByText(STAFF_MSG.revokeAccessDone)).toBeVisible();
    expect((await person.page.request.get('/api/me')).status()).toBe(401);
    expect((await person.page.request.get(feedUrl)).status()).toBe(404);
    await logIn(person.page, person.email, PASSWORD);
    await expect(person.page).toHaveURL(/\/employee\/agenda$/);

    // Clean up through the back office: deactivate (which ends her session again), then delete;
    // her account goes back to client.
    await row.getByRole('button', { name: `Desactivar ${employeeName}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(STAFF_MSG.deactivateEndsAccess);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar' }).click();
    await expect(row).toContainText('Inactivo');
    expect((await person.page.request.get('/api/me')).status()).toBe(401);
    await row.getByRole('button', { name: `Eliminar ${employeeName}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Esta acción no se puede deshacer.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(row).toHaveCount(0);
    await logIn(person.page, person.email, PASSWORD);
    await expect(person.page).not.toHaveURL(/\/login$/);
    const me = await person.page.request.get('/api/me');
    expect((await me.json()).role).toBe('client');

    await client.page.reload();
    await expect(client.page.getByLabel('Profesional').locator('option', { hasText: employeeName })).toHaveCount(0);
    await person.context.close();
    await client.context.close();
  });

  test('settings: a 15-minute interval makes the booking grid step by 15 minutes', async ({ page, browser, baseURL }) => {
    const SERVICE = 'Masaje relajante';
    const PRO = 'Javier Soto';
    // Far enough ahead that no demo appointment sits on that morning.
    const day = weekdayAhead(9);
    const client = await newClient(browser, baseURL!, 'bo-grid');
    const openGrid = async () => {
      await client.page.goto('/services');
      await client.page.getByRole('link', { name: `Seleccionar Servicio: ${SERVICE}` }).click();
      await client.page.getByLabel('Profesional').selectOption({ label: PRO });
      await pickDay(client.page, day);
      await expect(timeButton(client.page, '09:00')).toBeVisible();
    };

    await asAdmin(page, '/admin/settings');
    const interval = page.getByLabel('Intervalo entre citas');
    await expect(interval).toHaveValue('30');
    await expect(interval.locator('option')).toHaveText(['15 minutos', '20 minutos', '30 minutos', '45 minutos', '60 minutos']);

    // As seeded: every 30 minutes.
    await openGrid();
    await expect(timeButton(client.page, '09:30')).toBeVisible();
    await expect(timeButton(client.page, '09:15')).toHaveCount(0);

    try {
      await interval.selectOption('15');
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      const saved = page.getByText(MSG.settingsSaved);
      await expect(saved).toBeVisible();
      // SPEC §9: the success message goes after 3 seconds.
      await expect(saved).toBeHidden({ timeout: 5_000 });

      await openGrid();
      await expect(timeButton(client.page, '09:15')).toBeVisible();
      await expect(timeButton(client.page, '09:45')).toBeVisible();
    } finally {
      // Put the demo salon back for the other journeys, whatever happened above.
      await page.reload();
      await page.getByLabel('Intervalo entre citas').selectOption('30');
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      await expect(page.getByText(MSG.settingsSaved)).toBeVisible();
    }

    // A schedule the rules refuse is not saved: a break after closing time.
    await page.getByTestId('schedule-day-saturday').getByText('Sábado', { exact: true }).click();
    await expect(page.getByRole('switch', { name: /Sábado/ })).toBeChecked();
    await page.getByRole('button', { name: 'Añadir descanso el sábado' }).click();
    await page.getByLabel('Sábado, descanso 1: inicio').selectOption('17:30');
    await page.getByLabel('Sábado, descanso 1: fin').selectOption('18:00');
    await expect(page.getByTestId('schedule-day-saturday').getByRole('alert')).toHaveText(MSG.breakOutsideDay);
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(page.getByText(`Sábado: ${MSG.breakOutsideDay}`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: /Sábado/ })).not.toBeChecked();
    await client.context.close();
  });
});
