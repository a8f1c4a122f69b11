import { test as base, expect, type Page } from '@playwright/test';

export { expect };

let ipSeq = 0;

/**
 * Every test: the app's URL from the global setup, and its own client address (X-Forwarded-For,
 * trusted by the e2e server) so per-address rate limits of one test never touch another.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
  baseURL: async ({}, use) => {
    const url = process.env.AUNA_E2E_BASE_URL;
    if (!url) throw new Error('AUNA_E2E_BASE_URL is not set: the global setup did not run');
    await use(url);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    ipSeq++;
    const ip = `10.${20 + testInfo.workerIndex % 200}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': ip });
  },
});

export const DEMO_PASSWORD = 'auna-demo';

export const DEMO = {
  admin: 'admin@auna.demo',
  employee: 'lucia@auna.demo',
  client: 'cliente@auna.demo',
} as const;

/** Fills the login form and submits it (does not wait for the landing page). */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The signed-in user as the server sees it (GET /api/me in the page's context, with its cookies). */
export async function me(page: Page): Promise<{ status: number; body: { uid: string; displayName: string; email: string; role: string } | null }> {
  const res = await page.request.get('/api/me');
  return { status: res.status(), body: res.ok() ? await res.json() : null };
}

let seq = 0;
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++seq}@example.com`;
}
