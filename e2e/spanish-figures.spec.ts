import type { Page } from '@playwright/test';
import { DEMO, expect, logIn, test } from './support/fixtures';

// One way to write numbers (ADR 076): on the main screens of each role of the demo salon, no money
// figure or money field shows a decimal point ("65.00 €", a price field reading "65.00") and no
// Spanish phone shows as +34 (national format: "612 34 56 78"). Read from the rendered page: its
// visible text and the values of its money fields (the decimal keyboard's fields).

const MONEY_WITH_POINT = /\d\.\d{2}\s?€|€\s?\d+\.\d{2}/;
const SPANISH_PHONE_AS_E164 = /\+34\s?[6-9](?:\s?\d){8}(?!\d)/;

async function readsSpanish(page: Page, path: string, opened?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page.locator('main, [role="main"], body').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (opened) await opened(page);
  const text = await page.locator('body').innerText();
  expect(text.match(MONEY_WITH_POINT)?.[0] ?? null, `${path}: a money figure with a decimal point`).toBeNull();
  expect(text.match(SPANISH_PHONE_AS_E164)?.[0] ?? null, `${path}: a Spanish phone as +34`).toBeNull();
  const fields = await page.locator('input[inputmode="decimal"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(
    fields.filter((v) => v.includes('.')),
    `${path}: a money field with a decimal point`,
  ).toEqual([]);
}

test.describe('decimal commas and national phones on every role’s screens', () => {
  test.slow(); // many pages each

  test('client', async ({ page }) => {
    await logIn(page, DEMO.client);
    await expect(page).toHaveURL((u) => u.pathname === '/');
    for (const path of ['/', '/services', '/my-appointments', '/mis-bonos', '/privacidad']) await readsSpanish(page, path);
  });

  test('professional', async ({ page }) => {
    await logIn(page, DEMO.employee);
    await expect(page).toHaveURL((u) => u.pathname !== '/login');
    for (const path of ['/employee/agenda', '/employee/bonos', '/employee/gift-cards']) await readsSpanish(page, path);
  });

  test('admin: the day, the lists, the money screens', async ({ page }) => {
    await logIn(page, DEMO.admin);
    await expect(page).toHaveURL((u) => u.pathname === '/admin/dashboard');
    for (const path of ['/admin/dashboard', '/admin/appointments', '/admin/day', '/admin/clients', '/admin/caja'])
      await readsSpanish(page, path);
  });

  test('admin: bonos, gift cards, reports, staff, settings', async ({ page }) => {
    await logIn(page, DEMO.admin);
    await expect(page).toHaveURL((u) => u.pathname === '/admin/dashboard');
    for (const path of ['/admin/bonos', '/admin/gift-cards', '/admin/informes', '/admin/employees', '/admin/settings'])
      await readsSpanish(page, path);
  });

  test('admin: the forms with a price or a phone, filled', async ({ page }) => {
    await logIn(page, DEMO.admin);
    await expect(page).toHaveURL((u) => u.pathname === '/admin/dashboard');
    // A service's edit form: its price field.
    await readsSpanish(page, '/admin/services', async (p) => {
      await p
        .getByRole('button', { name: /^Editar / })
        .first()
        .click();
      await expect(p.getByLabel('Precio')).toBeVisible();
    });
    // A client's record with a phone, its form filled.
    await readsSpanish(page, '/admin/clients', async (p) => {
      await p
        .getByRole('link')
        .filter({ hasText: /\d{3} \d{2} \d{2} \d{2}/ })
        .first()
        .click();
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      await p.waitForLoadState('networkidle');
    });
  });
});
