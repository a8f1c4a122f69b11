import type { Page } from '@playwright/test';
import { DEMO, expect, logIn, me, test, uniqueEmail } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';

// Sign-in, sign-up, reset by email, Google and the route guards, in Chromium against the built
// app (SPEC §2 route table, §5 signup, §6 roles, §8 authentication texts).

const path = (page: Page) => new URL(page.url()).pathname;

async function expectPath(page: Page, p: string) {
  await expect(page, `expected to be on ${p}`).toHaveURL((url) => url.pathname === p);
}

test.describe('login page', () => {
  test('has the form, the Google button and the links', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expectPath(page, '/forgot-password');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Crear cuenta' }).click();
    await expectPath(page, '/signup');
  });

  test('a wrong password shows the login error and stays on /login', async ({ page }) => {
    await logIn(page, DEMO.client, 'no-es-la-clave');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(/^Error al iniciar sesión: /);
    await expectPath(page, '/login');
    expect((await me(page)).status).toBe(401);
  });
});

test.describe('sign-up', () => {
  test('creates a client and lands on /', async ({ page }) => {
    const email = uniqueEmail('alta');
    await page.goto('/signup');
    await page.getByLabel('Nombre (opcional)').fill('Paula Ortega');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('paula-123');
    await page.getByLabel('Confirmar contraseña').fill('paula-123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectPath(page, '/');
    const who = await me(page);
    expect(who.body).toMatchObject({ email, displayName: 'Paula Ortega', role: 'client' });
    await expect(page.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
  });

  test('without a name, the name is the part of the email before @', async ({ page }) => {
    const email = uniqueEmail('sin-nombre');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-123');
    await page.getByLabel('Confirmar contraseña').fill('clave-123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectPath(page, '/');
    expect((await me(page)).body?.displayName).toBe(email.split('@')[0]);
  });

  test('checks the confirmation and the 6-character minimum', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('valida'));
    await page.getByLabel('Contraseña', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirmar contraseña').fill('abcdeg');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert')).toHaveText('Las contraseñas no coinciden.');

    await page.getByLabel('Contraseña', { exact: true }).fill('abcde');
    await page.getByLabel('Confirmar contraseña').fill('abcde');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert')).toHaveText('La contraseña debe tener al menos 6 caracteres.');
    await expectPath(page, '/signup');
    expect((await me(page)).status).toBe(401);
  });

  test('has the Google button and a link back to /login', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Registrarse con Google' })).toBeVisible();
    await page.getByRole('link', { name: 'Inicia sesión' }).click();
    await expectPath(page, '/login');
  });
});

test('logout with Salir ends the session and goes to /login', async ({ page }) => {
  await logIn(page, DEMO.client);
  await expectPath(page, '/');
  await page.getByRole('button', { name: 'Salir' }).click();
  await expectPath(page, '/login');
  expect((await me(page)).status).toBe(401);
  await page.goto('/my-appointments');
  await expectPath(page, '/login');
});

test('forgot password: the mailed link sets a new password; the old one stops working', async ({ page, request }) => {
  const email = uniqueEmail('olvido');
  const oldPassword = 'vieja-clave-1';
  const newPassword = 'nueva-clave-2';
  const created = await request.post('/api/auth/sign-up/email', { data: { email, password: oldPassword, name: 'Olvido' } });
  expect(created.status()).toBe(200);

  const sentAfter = new Date();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Revisa tu correo para las instrucciones de reseteo.')).toBeVisible();

  const mail = await waitForMail(email, { timeout: 15_000, after: sentAfter });
  const link = firstLink(mail.text);
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expectPath(page, '/reset-password');
  expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();

  await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill(newPassword);
  await page.getByLabel('Confirmar contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expectPath(page, '/login');

  await logIn(page, email, oldPassword);
  await expect(page.getByRole('alert')).toHaveText(/^Error al iniciar sesión: /);
  await logIn(page, email, newPassword);
  await expectPath(page, '/');
  expect((await me(page)).body?.email).toBe(email);
});

test.describe('Google', () => {
  test('"Continuar con Google" signs in a client with the Google name', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await expectPath(page, '/');
    const who = await me(page);
    expect(who.body).toMatchObject({ email: 'lucia.google@example.com', displayName: 'Lucía Google', role: 'client' });
  });

  test('"Registrarse con Google" on /signup reaches the same account', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Registrarse con Google' }).click();
    await expectPath(page, '/');
    expect((await me(page)).body).toMatchObject({ displayName: 'Lucía Google', role: 'client' });
  });
});

test.describe('where each role lands', () => {
  test('admin → /admin/dashboard, with the back-office menu', async ({ page }) => {
    await logIn(page, DEMO.admin);
    await expectPath(page, '/admin/dashboard');
    for (const label of ['Dashboard', 'Gestionar Servicios', 'Gestionar Empleados', 'Ver Citas', 'Configuración Salón']) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Citas', exact: true }).or(page.getByRole('button', { name: 'Citas', exact: true }))).toBeVisible();
    await expect(page.getByText('Logueado como')).toBeVisible();
    await expect(page.getByText(DEMO.admin)).toBeVisible();
    await page.getByRole('link', { name: 'Gestionar Servicios' }).click();
    await expectPath(page, '/admin/services');
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expectPath(page, '/login');
    expect((await me(page)).status).toBe(401);
  });

  test('employee → /employee/agenda, with the portal sidebar', async ({ page }) => {
    await logIn(page, DEMO.employee);
    await expectPath(page, '/employee/agenda');
    await expect(page.getByRole('link', { name: 'Mi Agenda' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nueva Cita' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expectPath(page, '/login');
  });

  test('client → /, with the header links for a client only', async ({ page }) => {
    await logIn(page, DEMO.client);
    await expectPath(page, '/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Mis Citas', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Salir' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Mi Agenda' })).toHaveCount(0);
  });

  test('the header shows Mi Agenda to an employee and Dashboard to an admin', async ({ browser }) => {
    for (const [email, landing, shown, hidden] of [
      [DEMO.employee, '/employee/agenda', 'Mi Agenda', 'Dashboard'],
      [DEMO.admin, '/admin/dashboard', 'Dashboard', 'Mi Agenda'],
    ] as const) {
      const context = await browser.newContext({
        baseURL: process.env.AUNA_E2E_BASE_URL,
        extraHTTPHeaders: { 'x-forwarded-for': `10.250.${email.length}.${shown.length}` },
      });
      const page = await context.newPage();
      await logIn(page, email);
      await expectPath(page, landing);
      await page.goto('/my-appointments');
      await expectPath(page, '/my-appointments');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: shown, exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
      await context.close();
    }
  });
});

test.describe('route guards', () => {
  test('anonymous users go to /login from every protected group', async ({ page }) => {
    for (const p of ['/', '/services', '/my-appointments', '/admin', '/admin/dashboard', '/admin/settings', '/employee', '/employee/agenda']) {
      await page.goto(p);
      await expectPath(page, '/login');
    }
  });

  test('a client is sent to / from admin and employee routes', async ({ page }) => {
    await logIn(page, DEMO.client);
    await expectPath(page, '/');
    for (const p of ['/admin/services', '/admin/dashboard', '/employee/agenda']) {
      await page.goto(p);
      await expectPath(page, '/');
    }
  });

  test('an employee is sent away from admin routes', async ({ page }) => {
    await logIn(page, DEMO.employee);
    await expectPath(page, '/employee/agenda');
    await page.goto('/admin/dashboard');
    // To / — whose home sends an employee on to the agenda (SPEC §2 Home).
    await expect.poll(() => path(page)).not.toBe('/admin/dashboard');
    expect(['/', '/employee/agenda']).toContain(path(page));
    await expect(page.getByRole('link', { name: 'Gestionar Servicios' })).toHaveCount(0);
  });

  test('signed-in users visiting /login, /signup or /forgot-password go to /', async ({ page }) => {
    await logIn(page, DEMO.client);
    await expectPath(page, '/');
    for (const p of ['/login', '/signup', '/forgot-password']) {
      await page.goto(p);
      await expectPath(page, '/');
    }
  });

  test('unknown paths go to /', async ({ page }) => {
    await logIn(page, DEMO.client);
    await expectPath(page, '/');
    await page.goto('/esto-no-existe/de-verdad');
    await expectPath(page, '/');
    await page.getByRole('button', { name: 'Salir' }).click();
    await expectPath(page, '/login');
    await page.goto('/otra/ruta-inexistente');
    // Anonymous: / and then, being protected, /login.
    await expectPath(page, '/login');
  });
});
