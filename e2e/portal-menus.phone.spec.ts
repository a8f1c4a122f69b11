import type { Browser, Page } from '@playwright/test';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, insertAppointment, makeEmployee, serviceNamed, signUpAs } from './support/agenda-arrange';
import { DEMO, DEMO_PASSWORD, expect, test, uniqueEmail } from './support/fixtures';

// The portals on a phone (ADR 067): the agenda opens at the visit in progress or the next one, and
// both menus (the professional's and the back office's) are a drawer behind "Menú", reachable to
// their last entry, keyboard-navigable and closed with Escape. At 1280 px the sidebar is as before.

// Two pages and two widths per journey, on a shared machine.
test.describe.configure({ timeout: 120_000 });

const made: string[] = [];
// Today's visits are removed as soon as the journey ends: other journeys count today's dashboard.
test.afterEach(async () => {
  await cleanUp(made.splice(0));
});
test.afterAll(closeE2eDb);

/** Screenshots for looking at (screenshots/ is not committed): the phone's, and the same page at 1280 px. */
async function shoot(page: Page, browser: Browser, name: string, path: string) {
  await page.screenshot({ path: `screenshots/desk-phone/${name}-390.png` });
  const wide = await browser.newContext({
    baseURL: page.url(),
    viewport: { width: 1280, height: 800 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    storageState: await page.context().storageState(),
  });
  const p = await wide.newPage();
  await p.goto(path);
  await expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await p.screenshot({ path: `screenshots/desk-phone/${name}-1280.png` });
  // At laptop width the sidebar is there, the "Menú" button is not.
  await expect(p.getByRole('complementary').getByRole('navigation')).toBeVisible();
  await expect(p.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
  await wide.close();
}

test('the agenda opens scrolled to the next visit, past the finished ones', async ({ page, request, baseURL, browser }) => {
  const employee = await signUpAs(page.request, baseURL!, uniqueEmail('phone-pro'), 'Nerea Campos');
  await makeEmployee(employee);
  const client = await signUpAs(request, baseURL!, uniqueEmail('phone-cli'), 'Olga Rivas');
  made.push(employee.id, client.id);
  const tinte = await serviceNamed('Tinte completo');
  const short = { ...tinte, duration: 5 };
  // Eight short visits that no longer count, then the next one, all on the salon's today: before
  // now (completed) when the day has begun long enough, else after now (cancelled), so the
  // journey holds at any hour. The next one starts and ends today: in the day's last 7 minutes
  // there is no such time, so the journey waits for the next day.
  const untilMidnight = () => {
    const t = Date.now();
    return wallClockToInstant(addDays(salonDateOf(t, SALON_TIME_ZONE), 1), '00:00', SALON_TIME_ZONE)!.getTime() - t;
  };
  if (untilMidnight() < 7 * 60_000) {
    const wait = untilMidnight() + 60_000;
    test.setTimeout(120_000 + wait);
    await page.waitForTimeout(wait);
  }
  const now = Date.now();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const sinceMidnight = now - wallClockToInstant(today, '00:00', SALON_TIME_ZONE)!.getTime();
  const past = sinceMidnight > 60 * 60_000;
  // 10 minutes ahead, or less when the day ends before that visit would (it lasts 5).
  const ahead = Math.min(10, Math.floor(untilMidnight() / 60_000) - 6);
  const fillers: string[] = [];
  for (let i = 0; i < 8; i++) {
    const start = past ? new Date(now - (50 - i * 6) * 60_000) : new Date(now + (2 + i * 6) * 60_000);
    fillers.push(await insertAppointment({ employee, client, service: short, start }));
  }
  await e2eDb().query(`UPDATE appointments SET status = $2 WHERE id = ANY($1)`, [fillers, past ? 'completed' : 'cancelled_by_client']);
  const nextStart = new Date(now + (past ? ahead : 55) * 60_000);
  await insertAppointment({ employee, client, service: short, start: nextStart });

  await page.goto('/employee/agenda');
  const cards = page.getByTestId('agenda-appointment');
  await expect(cards).toHaveCount(9);
  const next = page.locator('[data-highlight="next"]');
  await expect(next).toBeInViewport();
  await expect(cards.first()).not.toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await shoot(page, browser, 'agenda', '/employee/agenda');

  // The professional's menu: a "Menú" button, and in its drawer every entry, the last ones too.
  await page.evaluate(() => window.scrollTo(0, 0));
  const open = page.getByRole('button', { name: 'Abrir menú' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  const nav = drawer.getByRole('navigation', { name: 'Portal del profesional' });
  for (const entry of ['Mi Agenda', 'Nueva Cita', 'Mis ausencias', 'Tarjetas regalo', 'Bonos'])
    await expect(nav.getByRole('link', { name: entry, exact: true })).toBeInViewport();
  await expect(drawer.getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport();
  await page.screenshot({ path: 'screenshots/desk-phone/employee-menu-390.png' });
  await nav.getByRole('link', { name: 'Bonos', exact: true }).click();
  await expect(page).toHaveURL(/\/employee\/bonos$/);
  await expect(drawer).toBeHidden();
  await open.click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Tarjetas regalo', exact: true }).click();
  await expect(page).toHaveURL(/\/employee\/gift-cards$/);
});

test('the back office menu is a drawer on a phone: keyboard, Escape, every entry', async ({ page, baseURL, browser }) => {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
    headers: { origin: baseURL! },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // No sideways strip: nothing of the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('navigation', { name: 'Administración' })).toBeHidden();
  await shoot(page, browser, 'admin', '/admin/dashboard');

  // By keyboard: focus the button, open with Enter, the focus is inside the drawer, Tab walks it.
  const open = page.getByRole('button', { name: 'Abrir menú' });
  await open.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  await expect(drawer).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const nav = drawer.getByRole('navigation', { name: 'Administración' });
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await page.screenshot({ path: 'screenshots/desk-phone/admin-menu-390.png' });
  // The focus stays inside (React Aria's focus trap) however far she tabs.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  await expect(open).toHaveAttribute('aria-expanded', 'false');

  // The last entry is reached and opened by keyboard.
  await page.keyboard.press('Enter');
  const last = page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Consentimientos', exact: true });
  await last.focus();
  await expect(last).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/consentimientos$/);
  await expect(page.getByRole('dialog', { name: 'Menú' })).toBeHidden();
});
