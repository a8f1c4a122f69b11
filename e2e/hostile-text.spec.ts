import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, insertAppointment, makeEmployee, serviceNamed, signUpAs } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';

// Text a person typed is shown back as text, never as markup (docs/reliability.md): a client's note and name
// made of HTML render literally on Mis Citas and in the employee's agenda, no element is created
// from them, no script runs. And the page itself carries no inline script for such text to join.

const NOTE = '<img src=x onerror="window.__xss=1;alert(1)">';
const NAME = 'Eva </script><script>window.__xss=2</script><b>negrita</b>';
const TZ = SALON_TIME_ZONE;
const PAST_DAY = addDays(salonDateOf(Date.now(), TZ), -25);

const made: string[] = [];
test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

/** Fails the test on any dialog (alert) and reports whether a script of ours ran. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    dialogs,
    ran: () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null),
  };
}

test('a note and a name made of HTML are shown as text on Mis Citas and in the agenda', async ({ page, browser, baseURL }) => {
  // The employee in `page`; the client (with the hostile name) in a context of its own.
  const employee = await signUpAs(page.request, baseURL!, uniqueEmail('xss-pro'), 'Inés Prieto');
  await makeEmployee(employee);
  const clientCtx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const clientPage = await clientCtx.newPage();
  const client = await signUpAs(clientPage.request, baseURL!, uniqueEmail('xss-cli'), NAME);
  made.push(employee.id, client.id);
  const service = await serviceNamed('Tinte completo');
  await insertAppointment({ employee, client, service, start: wallClockToInstant(PAST_DAY, '10:00', TZ)!, notes: NOTE });

  // Mis Citas, as the client.
  const seenByClient = watchForScript(clientPage);
  await clientPage.goto('/my-appointments');
  await expect(clientPage.getByText(NOTE, { exact: false })).toBeVisible();
  await expect(clientPage.locator('img[src="x"]')).toHaveCount(0);
  expect(await seenByClient.ran()).toBeNull();
  expect(seenByClient.dialogs).toEqual([]);

  // The agenda, as the employee: the client's name and note.
  const seenByEmployee = watchForScript(page);
  await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
  const card = page.getByTestId('agenda-appointment').filter({ hasText: '10:00' });
  await expect(card.getByText(NOTE, { exact: false })).toBeVisible();
  await expect(card.getByText(NAME, { exact: false })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'negrita' })).toHaveCount(0);
  expect(await seenByEmployee.ran()).toBeNull();
  expect(seenByEmployee.dialogs).toEqual([]);

  // The client's own page shell carries the session (with that name) as a JSON data block: the
  // name cannot close it and start a script of its own.
  const shell = await clientPage.request.get('/my-appointments');
  const html = await shell.text();
  expect(html).not.toContain('</script><script>window.__xss');
  expect(await seenByClient.ran()).toBeNull();
  await clientCtx.close();
});

test('the built index.html and every served page have no inline script, under a CSP that forbids one', async ({ request }) => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const built = readFileSync(path.join(root, 'dist/web/index.html'), 'utf8');
  const scripts = [...built.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs, 'every script of the built page is a file').toMatch(/\bsrc=/);
    expect(body!.trim()).toBe('');
  }
  for (const p of ['/', '/login', '/my-appointments', '/admin/dashboard']) {
    const res = await request.get(p);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1], p).toBe("'self'");
    const html = await res.text();
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      // A script is a file, or a JSON data block that no browser executes.
      if (!/\bsrc=/.test(attrs!)) expect(attrs, `${p}: inline script ${body!.slice(0, 80)}`).toMatch(/type="application\/json"/);
    }
  }
});
