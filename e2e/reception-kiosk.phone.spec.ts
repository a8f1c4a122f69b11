import { KIOSK_MSG } from '../src/domain/reception-kiosk';
import { dayAhead, ownIp } from './support/booking-page';
import { AGENDA_PASSWORD, cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, signUpAs, type Person } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { drawSignature } from './support/signature';

// Signing at reception as a kiosk (ADR 068), on a phone-sized screen: the admin hands the tablet
// over with a PIN; the client sees the salon's name and her document, signs, reads the thank-you,
// and reaches nothing of the staff's (no menu, and typed addresses and API calls are refused);
// "Terminar" refuses a wrong PIN in Spanish and gives the tablet back with hers.

test.describe.configure({ timeout: 300_000 });

const RUN = Date.now().toString(36);
const made: string[] = [];
const title = `Consentimiento peeling ${RUN}`;
let admin: Person;
let appointmentId: string;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  const db = e2eDb();
  const serviceId = (
    await db.query<{ id: string }>(`INSERT INTO services (name, description, duration, price) VALUES ($1, 'Peeling químico', 30, 55) RETURNING id`, [`Peeling ${RUN}`])
  ).rows[0]!.id;
  const proReq = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  const pro = await signUpAs(proReq, baseURL, uniqueEmail('kiosk-pro'), `Marta Peeling ${RUN}`);
  made.push(pro.id);
  await makeEmployee(pro);
  const proRecord = await linkEmployeeRecord(pro, serviceId);
  const adminReq = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  admin = await signUpAs(adminReq, baseURL, uniqueEmail('kiosk-admin'), `Recepción ${RUN}`);
  made.push(admin.id);
  await db.query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  const template = await adminReq.post('/api/admin/consent-templates', {
    data: {
      title,
      body: 'Entiendo en qué consiste el peeling, sus riesgos y sus cuidados.',
      questions: [{ id: 'q1', text: '¿Estás embarazada?', kind: 'yesno', askDetail: false, contraindication: true }],
      validity: { kind: 'visit' },
      serviceIds: [serviceId],
    },
    headers: { origin: baseURL },
  });
  expect(template.status(), await template.text()).toBe(201);
  // A phone client without an account, booked by the desk.
  const record = await adminReq.post('/api/front-desk/clients', { data: { name: `Rocío Kiosco ${RUN}`, phone: `6${String(Date.now()).slice(-8)}` }, headers: { origin: baseURL } });
  expect(record.status(), await record.text()).toBe(201);
  const clientId = ((await record.json()) as { client: { id: string } }).client.id;
  const booked = await adminReq.post('/api/booking/staff', {
    data: { clientId, serviceId, professionalId: proRecord, date: dayAhead(7), time: '12:00' },
    headers: { origin: baseURL },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  appointmentId = ((await booked.json()) as { appointment: { id: string } }).appointment.id;
  await proReq.dispose();
  await adminReq.dispose();
});

test.afterAll(async () => {
  // The signed document is immutable (a trigger): it and its visit stay, under this run's names.
  await cleanUp(made).catch(() => undefined);
  await closeE2eDb();
});

test('the client signs on the kiosk, reaches nothing of the staff, and only the PIN gives the tablet back', async ({ page, baseURL }) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password: AGENDA_PASSWORD }, headers: { origin: baseURL! } });
  expect(signIn.ok()).toBe(true);

  // The staff member: "Firmar en recepción" (the details' button leads here) asks for a PIN first.
  await page.goto(`/recepcion/firma/${appointmentId}`);
  const pin = page.getByLabel('Elige un PIN para recuperar la tableta');
  await pin.fill('12');
  await page.getByRole('button', { name: 'Dar la tableta a la clienta' }).click();
  await expect(page.getByText(KIOSK_MSG.pinFormat)).toBeVisible();
  await pin.fill('1357');
  await page.getByRole('button', { name: 'Dar la tableta a la clienta' }).click();
  await expect(page).toHaveURL(/\/recepcion\/kiosco$/);

  // The kiosk: the salon's name, her document; no menu, nothing of the staff's.
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('kiosk-salon')).not.toBeEmpty();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  for (const staffText of ['Mi Agenda', 'Bonos', 'Tarjetas regalo', 'Cerrar Sesión', 'Menú']) await expect(page.getByText(staffText, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/desk-phone/kiosk-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'screenshots/desk-phone/kiosk-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // She signs and reads the thank-you, with no download on the salon's tablet.
  await page.getByRole('group', { name: /embarazada/ }).getByLabel('No').check();
  await page.getByLabel('Acepto el tratamiento de mis datos de salud para este fin').check();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Firmar' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Consentimiento firmado' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Ya puedes devolver la tableta al personal del salón.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /Descargar/ })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/desk-phone/kiosk-thanks-390.png' });

  // Typed addresses bring her back to the kiosk; the staff's API refuses, better-auth's account routes too.
  for (const path of ['/admin/day', '/employee/agenda', '/employee/bonos', '/admin/gift-cards', '/admin/clients']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/recepcion\/kiosco$/);
  }
  for (const path of ['/api/agenda', '/api/front-desk/day', '/api/bonos/types', '/api/gift-cards', '/api/admin/settings']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(KIOSK_MSG.locked);
  }
  const password = await page.request.post('/api/auth/change-password', { data: { currentPassword: AGENDA_PASSWORD, newPassword: 'otra-clave-larga-99' }, headers: { origin: baseURL! } });
  expect(password.status()).toBe(403);

  // "Terminar": a wrong PIN is refused in Spanish; hers gives the tablet back to her session.
  // Back on the kiosk after the typed addresses (a new page load): everything is signed.
  await expect(page.getByRole('heading', { name: 'Todo firmado' })).toBeVisible();
  await page.getByRole('button', { name: 'Terminar' }).click();
  const sheet = page.getByRole('dialog', { name: 'Terminar el modo firma' });
  await sheet.getByLabel('PIN').fill('0000');
  await sheet.getByRole('button', { name: 'Devolver la tableta' }).click();
  await expect(sheet.getByText(KIOSK_MSG.wrongPin)).toBeVisible();
  await page.screenshot({ path: 'screenshots/desk-phone/kiosk-wrong-pin-390.png' });
  await sheet.getByLabel('PIN').fill('1357');
  await sheet.getByRole('button', { name: 'Devolver la tableta' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect((await page.request.get('/api/front-desk/day')).status()).not.toBe(403);
});
