import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's chromium (never a downloaded browser: docs/architecture.md) against
// the BUILT app, started by e2e/support/global-setup.ts together with a real SMTP server and a
// local OpenID Connect provider standing in for Google. The app's URL is only known once the
// global setup has picked free ports: tests take it from e2e/support/fixtures.ts.
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  workers: CI ? 1 : 2,
  retries: CI ? 1 : 0,
  fullyParallel: false,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: process.env.AUNA_E2E_BASE_URL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Desktop is the default; a journey that needs the phone layout goes in *.phone.spec.ts.
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } }, testIgnore: /\.phone\.spec\.ts$/ },
    {
      name: 'phone',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
      testMatch: /\.phone\.spec\.ts$/,
    },
  ],
});
