import type { Browser, Page } from '@playwright/test';
import { asAdmin, expect, test } from './support/back-office';

// Wide tables on a phone (390 px): Informes' tables ("Clientes que no vuelven" and the others)
// scroll inside their own box, the back office's lists (clients, Caja, appointments) reflow, and
// the page itself never scrolls sideways. Screenshots at 390 and 1280 px for looking at.

// Informes draws a dozen charts and tables: slow on a shared machine.
test.describe.configure({ timeout: 240_000 });

/** The page is no wider than the phone: nothing is cut off to the right of the screen. */
async function noSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
}

async function shoot(page: Page, browser: Browser, name: string, path: string) {
  await page.screenshot({ path: `screenshots/wide-tables/${name}-390.png`, fullPage: true });
  const wide = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 800 }, locale: 'es-ES', timezoneId: 'Europe/Madrid', storageState: await page.context().storageState() });
  const p = await wide.newPage();
  await p.goto(path);
  await expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await p.waitForLoadState('networkidle').catch(() => undefined);
  await p.screenshot({ path: `screenshots/wide-tables/${name}-1280.png`, fullPage: true });
  await wide.close();
}

test('Informes: every table scrolls in its own box, its last column reachable, the page not sideways', async ({ page, browser }) => {
  // Informes loads its charts' code on demand: slower than the other pages on a busy machine.
  await page.goto('/admin/informes');
  await expect(page.getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible({ timeout: 60_000 });
  const lost = page.getByRole('region', { name: 'Clientes que no vuelven' });
  await expect(lost.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await noSidewaysScroll(page);

  // The lost clients' last column: scrolled to inside the table's box, then on screen.
  const last = lost.getByRole('columnheader').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  expect(await page.evaluate(() => window.scrollX)).toBe(0);

  // Every other table too (the ones behind "Ver tabla" opened first).
  for (const summary of await page.locator('summary', { hasText: 'Ver tabla' }).all()) await summary.click();
  const tables = page.getByRole('table');
  const n = await tables.count();
  expect(n).toBeGreaterThan(3);
  for (let i = 0; i < n; i++) {
    const lastHeader = tables.nth(i).getByRole('columnheader').last();
    await lastHeader.scrollIntoViewIfNeeded();
    await expect(lastHeader).toBeInViewport();
  }
  await noSidewaysScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, browser, 'informes', '/admin/informes');
});

for (const [name, path, heading] of [
  ['clientes', '/admin/clients', 'Clientes'],
  ['caja', '/admin/caja', 'Caja del día'],
  ['citas', '/admin/appointments', 'Gestionar Citas'],
] as const) {
  test(`${heading}: the list fits a phone, nothing cut to the right`, async ({ page, browser }) => {
    await asAdmin(page, path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await noSidewaysScroll(page);
    // Whatever table the page shows at this width keeps its last column reachable: scrolled to in
    // its box, or, for a table reflowed into cards (its header row only for screen readers), the
    // first row's last cell within the screen's width.
    const width = page.viewportSize()!.width;
    for (const table of await page.getByRole('table').all()) {
      if (!(await table.isVisible())) continue;
      const lastHeader = table.getByRole('columnheader').last();
      const head = await table.locator('thead').boundingBox();
      if (head && head.width > 2) {
        await lastHeader.scrollIntoViewIfNeeded();
        await expect(lastHeader).toBeInViewport();
        continue;
      }
      // The row's last cell that shows something: a row without actions (an appointment already
      // completed, as every one of the demo's today is by the evening) has an empty last cell.
      const cells = await table.locator('tbody tr').first().locator('td').all();
      const shown = [];
      for (const c of cells) if (((await c.boundingBox())?.width ?? 0) > 0 && (await c.isVisible())) shown.push(c);
      expect(shown.length).toBeGreaterThan(0);
      const cell = shown.at(-1)!;
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport();
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await shoot(page, browser, name, path);
  });
}
