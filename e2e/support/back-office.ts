import { goToMonth } from './booking-page';
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
import { isBookableDate } from '../../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../../src/domain/salon-time';
import { dayKeyOfDate } from '../../src/domain/weekly-schedule';
import { DEMO, DEMO_PASSWORD, expect, test as base, uniqueEmail } from './fixtures';

export { expect };

// What the back-office journeys share (e2e/services.spec.ts, employees.spec.ts, settings.spec.ts):
// the admin's session, signed in once per worker; fresh clients in their own browser contexts;
// and the booking screen's calendar and time buttons, where the admin's changes are checked.

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);
export const RUN = Date.now().toString(36);
export const PASSWORD = 'clave-backoffice-1';

/** A weekday at least `n` days ahead (Monday to Friday: every demo professional works then). */
export function weekdayAhead(n: number): string {
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
export async function pickDay(page: Page, date: string) {
  await goToMonth(page, date, cell(page, date));
  await cell(page, date).click();
}
export const timeButton = (page: Page, time: string) =>
  page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: time, exact: true });

async function signUp(request: APIRequestContext, baseURL: string, email: string, name: string) {
  const res = await request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name }, headers: { origin: baseURL } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A fresh client in its own browser context, signed in (a new account: no shared per-account limits). */
export async function newClient(
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
export const test = base.extend<object, { adminState: string }>({
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

export async function asAdmin(page: Page, where: string) {
  await page.goto(where);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The service's card heading on the client's list (/services). */
export const serviceOnList = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
