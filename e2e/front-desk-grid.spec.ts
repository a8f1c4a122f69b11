import type { Locator, Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { closeE2eDb, e2eDb } from './support/agenda-arrange';
import { DEMO, expect, logIn, test } from './support/fixtures';
import { dayColumn } from './support/day-view';

// The day grid as the desk reads it (ADR 088), in Chromium against the demo salon, on a weekday
// past the demo's booked weeks: a 15-minute visit shows its time and client on the block (the rest
// on hover, focus and in its accessible name); a visit lacking its consent keeps the client's name
// in sight, the badge beside it never over it; cleaning time is a calm neutral; the 09:00 label is
// there; the date field is React Aria's Spanish one (dd/mm/aaaa), with no native date input.

const TZ = SALON_TIME_ZONE;
const TODAY = salonDateOf(Date.now(), TZ);
const tag = Date.now().toString(36);
const LUCIA = 'Lucía Martín';
const SHORT = `Retoque exprés ${tag}`;
const LONG = `Láser de prueba ${tag}`;
const services: string[] = [];
let day = '';
let client = { id: '', name: '', email: '' };

async function service(name: string, duration: number, cleanup: number, consent: boolean) {
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO services (name, category, duration, price, description, cleanup_minutes) VALUES ($1, 'Pruebas', $2, 20, '', $3) RETURNING id`,
    [name, duration, cleanup],
  );
  const id = rows[0]!.id;
  services.push(id);
  await e2eDb().query(`INSERT INTO employee_services (employee_id, service_id) SELECT id, $1 FROM employees WHERE name = $2`, [id, LUCIA]);
  if (consent)
    await e2eDb().query(
      `INSERT INTO service_consent_templates (service_id, template_id) SELECT $1, id FROM consent_templates WHERE active ORDER BY created_at LIMIT 1`,
      [id],
    );
  return { id, name, duration, cleanup };
}

async function visit(s: { id: string; name: string; duration: number; cleanup: number }, time: string) {
  const start = wallClockToInstant(day, time, TZ)!;
  const end = new Date(start.getTime() + s.duration * 60_000);
  await e2eDb().query(
    `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, status, cleanup_minutes)
     SELECT $1, $2, $3, e.user_id, e.name, $4, $5, $6, 20, $7, $8, 'confirmed', $10 FROM employees e WHERE e.name = $9`,
    [client.id, client.name, client.email, s.id, s.name, s.duration, start, end, LUCIA, s.cleanup],
  );
}

test.beforeAll(async () => {
  day = addDays(TODAY, 45 + (process.pid % 7));
  for (;;) {
    const weekday = isBookableDate(day, TODAY) && dayKeyOfDate(day) !== 'saturday';
    const { rows } = await e2eDb().query(
      `SELECT 1 FROM appointments WHERE employee_name = $1 AND status IN ('confirmed','completed')
         AND start_time < ($2::date + time '14:00') AT TIME ZONE 'Europe/Madrid' AND end_time > ($2::date + time '09:00') AT TIME ZONE 'Europe/Madrid'`,
      [LUCIA, day],
    );
    if (weekday && rows.length === 0) break;
    day = addDays(day, 1);
  }
  const { rows } = await e2eDb().query<{ id: string; name: string; email: string }>(`SELECT id, name, email FROM "user" WHERE email = $1`, [DEMO.client]);
  client = rows[0]!;
  const short = await service(SHORT, 15, 0, false);
  const shortConsent = await service(`${SHORT} con consentimiento`, 15, 0, true);
  const long = await service(LONG, 60, 15, true);
  await visit(short, '10:00');
  await visit(long, '11:00');
  await visit(shortConsent, '12:30');
});

test.afterAll(async () => {
  await e2eDb().query(`DELETE FROM appointments WHERE service_id = ANY($1)`, [services]);
  await e2eDb().query(`DELETE FROM services WHERE id = ANY($1)`, [services]);
  await closeE2eDb();
});

/** The rectangles of the block's first line (time and client), read from the text as laid out. */
async function firstLineInside(block: Locator, text: string) {
  return block.evaluate((el, want) => {
    const box = el.getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(want);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + want.length);
      const r = range.getBoundingClientRect();
      // Drawn whole inside the block (not cut at its bottom or by an ellipsis: its width is the text's own).
      const badge = el.querySelector('[data-testid="consent-missing"]')?.getBoundingClientRect();
      const covered = badge ? badge.top < r.bottom && r.top < badge.bottom && badge.left < r.right && r.left < badge.right : false;
      return { inside: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.right <= box.right + 0.5 && r.width > 0, covered };
    }
    return { inside: false, covered: false };
  }, text);
}

async function openDay(page: Page) {
  await logIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(`/admin/day?dia=${day}`);
  await expect(dayColumn(page, LUCIA)).toBeVisible();
}

test('the day grid shows short visits, keeps names over badges, labels 09:00 and uses the Spanish date field', async ({ page }) => {
  test.setTimeout(90_000); // The demo admin's sign-in and the day view on a machine shared by six engineers.
  await openDay(page);
  const lucia = dayColumn(page, LUCIA);

  // A 15-minute visit: its time and client on the block, read whole; the service and status in its
  // accessible name and its title (hover), and all its lines when it has the keyboard's focus.
  const short = lucia.getByRole('button', { name: new RegExp(`^10:00 ${client.name}, ${SHORT}, Confirmada`) });
  await expect(short).toBeVisible();
  expect(await firstLineInside(short, `10:00 ${client.name}`)).toEqual({ inside: true, covered: false });
  await expect(short).toHaveAttribute('title', new RegExp(`10:00–10:15 ${client.name}\\n${SHORT}\\nConfirmada`));
  const shortHeight = (await short.boundingBox())!.height;
  await short.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(short).toBeFocused();
  await expect.poll(async () => (await short.boundingBox())!.height).toBeGreaterThan(shortHeight * 2);
  expect(await firstLineInside(short, SHORT)).toEqual({ inside: true, covered: false });

  // A visit lacking its consent: the name stays in sight and the badge sits beside it, not over it.
  const long = lucia.getByRole('button', { name: new RegExp(`^11:00 ${client.name}, ${LONG}, Confirmada, Falta consentimiento`) });
  await expect(long.getByTestId('consent-missing')).toBeVisible();
  expect(await firstLineInside(long, `11:00 ${client.name}`)).toEqual({ inside: true, covered: false });
  // Its cleaning, drawn in a calm neutral (no red, no hatching).
  const cleanup = lucia.locator('[data-buffer="cleanup"]');
  await expect(cleanup).toHaveAttribute('aria-label', `Limpieza 15 min, ${client.name}`);
  const [r, g, b] = (await cleanup.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(16);
  expect(await cleanup.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none');

  // A 15-minute visit lacking its consent: time and client whole, the mark an icon named in its label.
  const shortConsent = lucia.getByRole('button', { name: new RegExp(`^12:30 ${client.name}, ${SHORT} con consentimiento, Confirmada, Falta consentimiento`) });
  expect(await firstLineInside(shortConsent, `12:30 ${client.name}`)).toEqual({ inside: true, covered: false });
  await expect(shortConsent.locator('[data-marks]')).toHaveAttribute('title', 'Falta consentimiento');

  // Every hour labelled, 09:00 (the first) included and inside the scale, under the header.
  const scale = page.locator('[data-day-grid="shown"] [data-hour-scale]');
  const first = scale.getByText('09:00', { exact: true });
  await expect(first).toBeVisible();
  const [scaleBox, firstBox] = [(await scale.boundingBox())!, (await first.boundingBox())!];
  expect(firstBox.y).toBeGreaterThanOrEqual(scaleBox.y);
  await expect(scale.getByText('10:00', { exact: true })).toBeVisible();

  // The date field: between uses a box with the date as text (ADR 089); under the mouse, or on
  // focus, React Aria's field, its segments in the Spanish order.
  const field = page.getByRole('group', { name: 'Día' });
  const [y, m, d] = day.split('-');
  await expect(field).toHaveText(`${d}/${m}/${y}`);
  await field.hover();
  const segments = field.getByRole('spinbutton');
  await expect(segments).toHaveCount(3);
  await expect(segments.nth(0)).toHaveText(d!);
  await expect(segments.nth(1)).toHaveText(m!);
  await expect(segments.nth(2)).toHaveText(y!);
  await expect(field).toHaveText(`${d}/${m}/${y}`);
  // "Día siguiente" draws the next day in the plain box; the keyboard's focus brings the field back.
  await page.getByRole('button', { name: 'Día siguiente' }).click();
  const [y2, m2, d2] = addDays(day, 1).split('-');
  await expect(field).toHaveText(`${d2}/${m2}/${y2}`);
  await expect(segments).toHaveCount(0);
  await page.getByRole('button', { name: 'Día anterior' }).focus();
  await page.keyboard.press('Tab');
  await expect(segments.nth(0)).toBeFocused();
  await expect(segments.nth(0)).toHaveText(d2!);
  // No native date input on the page but the one React Aria keeps hidden for a form's autofill.
  const natives = page.locator('input[type="date"]');
  expect(await natives.evaluateAll((els) => els.filter((e) => !e.closest('[data-testid="hidden-dateinput-container"]')).length)).toBe(0);
});
