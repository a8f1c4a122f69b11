import type { ConsoleMessage, Page } from '@playwright/test';
import { DEMO, expect, logIn, test } from './support/fixtures';

// The client's first views come rendered by the server (react-dom/static, src/web/entry-server.tsx)
// and React hydrates them (main.tsx, hydrateRoot). A difference between the server's markup and
// the browser's first render, or anything else React or the browser complains about while the
// page loads and hydrates, is a console error or warning: any one fails the test
// (docs/decisions/016-react-19-runtime.md).

declare global {
  interface Window {
    __aunaHydrated?: boolean;
  }
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Loads `path`, checks the server sent the page rendered, waits for hydration and a moment after it. */
async function loadAndHydrate(page: Page, path: string, expectedHeading: RegExp) {
  // main.tsx dispatches 'auna:hydrated' on document once hydrateRoot has run.
  await page.addInitScript(() => {
    document.addEventListener('auna:hydrated', () => {
      window.__aunaHydrated = true;
    });
  });
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  const html = (await res?.text()) ?? '';
  expect(html, 'the server rendered this first view').toContain('id="auna-first-view"');
  await page.waitForFunction(() => window.__aunaHydrated === true);
  await expect(page.getByRole('heading', { level: 1, name: expectedHeading })).toBeVisible();
  // Effects run and passive updates settle after hydration: give them a moment to complain.
  await page.waitForTimeout(500);
}

test('/login is served rendered and hydrates without a console error or warning', async ({ page }) => {
  const problems = watchConsole(page);
  await loadAndHydrate(page, '/login', /.+/);
  expect(problems).toEqual([]);
});

test('/, /services and /book/{id} are served rendered and hydrate without a console error or warning', async ({ page }) => {
  await logIn(page, DEMO.client);
  await expect(page).toHaveURL(/\/$/);
  const services = (await (await page.request.get('/api/catalog/services')).json()) as { services: Array<{ id: string; name: string }> };
  const first = services.services[0]!;
  for (const [path, heading] of [
    ['/', /.+/],
    ['/services', /.+/],
    [`/book/${first.id}`, new RegExp(first.name)],
  ] as const) {
    const problems = watchConsole(page);
    await loadAndHydrate(page, path, heading);
    expect(problems, path).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
});

test('a professional chosen on /book/{id} before the page has hydrated is still chosen after it', async ({ page }) => {
  await logIn(page, DEMO.client);
  await expect(page).toHaveURL(/\/$/);
  const services = (await (await page.request.get('/api/catalog/services')).json()) as { services: Array<{ id: string; name: string }> };
  const first = services.services[0]!;
  // Hold the app's scripts: the server-rendered page is there, React is not yet.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.addInitScript(() => {
    document.addEventListener('auna:hydrated', () => {
      window.__aunaHydrated = true;
    });
  });
  await page.goto(`/book/${first.id}`, { waitUntil: 'domcontentloaded' });
  const professional = page.getByLabel('Profesional');
  const name = (await professional.locator('option').nth(1).textContent())!.trim();
  await professional.selectOption({ label: name });
  release();
  await page.waitForFunction(() => window.__aunaHydrated === true);
  // React hydrates the select with its own (empty) value; the choice must survive, and the app
  // must act on it (the day picker is offered for that professional).
  await expect(professional.locator('option:checked')).toHaveText(name);
  await expect(page.getByText('Elige primero un profesional')).toHaveCount(0);
  await page.waitForTimeout(300);
  await expect(professional.locator('option:checked')).toHaveText(name);
});
