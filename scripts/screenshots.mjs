// Screenshots of pages at phone (390 px) and desktop (1280 px) width, for looking at the UI.
// Usage: node scripts/screenshots.mjs http://localhost:3000 [role:path ...]
//   role is anon|client|employee|admin (demo accounts, password auna-demo); default: a tour of every page.
// Writes screenshots/<role>-<path>-<width>.png
import { chromium } from '@playwright/test';
import { mkdir } from 'node:fs/promises';

const base = process.argv[2] ?? 'http://localhost:3000';
const targets = process.argv.slice(3).length
  ? process.argv.slice(3)
  : ['anon:/login', 'anon:/signup', 'anon:/forgot-password', 'client:/', 'client:/services', 'client:/my-appointments', 'employee:/employee/agenda', 'admin:/admin/dashboard', 'admin:/admin/services', 'admin:/admin/employees', 'admin:/admin/appointments', 'admin:/admin/settings'];
const accounts = { client: 'cliente@auna.demo', employee: 'lucia@auna.demo', admin: 'admin@auna.demo' };

await mkdir('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const t of targets) {
  const [role, path] = t.split(/:(.*)/s);
  for (const width of [390, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    const page = await ctx.newPage();
    if (role !== 'anon') {
      const res = await page.request.post(`${base}/api/auth/sign-in/email`, { data: { email: accounts[role], password: 'auna-demo' }, headers: { origin: base } });
      if (!res.ok()) console.error(`sign-in ${role} failed: ${res.status()}`);
    }
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    await page.waitForTimeout(400);
    const file = `screenshots/${role}-${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await ctx.close();
  }
}
await browser.close();
