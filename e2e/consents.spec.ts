import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { cell, dayAhead, ownIp, showMonthOf, TODAY, timeButton } from './support/booking-page';
import { healthReadWindow } from '../src/domain/health-access';
import {
  AGENDA_PASSWORD,
  cleanUp,
  closeE2eDb,
  e2eDb,
  linkEmployeeRecord,
  makeEmployee,
  signUpAs,
  type Person,
} from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { drawSignature } from './support/signature';
import { waitForMail } from './support/mail';
import { pdfText } from '../src/server/features/consents/pdf-text';
import { dayColumn } from './support/day-view';

// Signed consents (ADR 041, 051), end to end on a phone-sized Chromium: a laser service this
// run makes requires a consent template (made through the admin API); a client books it for one
// of the next days, opens "Firma tu consentimiento" from the confirmation email (its token traded
// for a cookie: the page is /firma), answers (marking a contraindication), draws her signature with
// the pointer and signs; her professional's agenda loses "Falta consentimiento" and says only
// "Contraindicaciones: ver consentimiento"; from her card she opens the answers; another
// professional cannot; the admin sees both in "Quién lo ha visto"; the PDF holds her name. Then a
// phone client (no account) signs at reception on the admin's day view.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 1366 }, hasTouch: true };
test.use(PHONE);

const RUN = Date.now().toString(36);
const made: string[] = [];
const serviceName = `Láser diodo ${RUN}`;
const templateTitle = `Consentimiento láser ${RUN}`;
const QUESTIONS = [
  { id: 'q1', text: '¿Estás embarazada o en periodo de lactancia?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'q2', text: '¿Tomas medicación fotosensibilizante?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'q3', text: '¿Cuál es tu fototipo, si lo sabes?', kind: 'text', askDetail: false, contraindication: false },
];
let serviceId: string;
let pro: Person;
let otherPro: Person;
let admin: Person;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  serviceId = (
    await e2eDb().query<{ id: string }>(
      `INSERT INTO services (name, description, duration, price) VALUES ($1, 'Sesión de láser de diodo', 30, 65) RETURNING id`,
      [serviceName],
    )
  ).rows[0]!.id;
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  pro = await signUpAs(request, baseURL, uniqueEmail('consent-pro'), `Irene Láser ${RUN}`);
  made.push(pro.id);
  await makeEmployee(pro);
  await linkEmployeeRecord(pro, serviceId);
  // Another professional of the same service: she has no visit with the client (ADR 051).
  otherPro = await signUpAs(request, baseURL, uniqueEmail('consent-otra'), `Sara Láser ${RUN}`);
  made.push(otherPro.id);
  await makeEmployee(otherPro);
  await linkEmployeeRecord(otherPro, serviceId);
  // The template, through the admin API (the admin page's own journey is the screenshots' and the unit tests').
  const adminReq = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  admin = await signUpAs(adminReq, baseURL, uniqueEmail('consent-admin'), `Recepción ${RUN}`);
  made.push(admin.id);
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  const res = await adminReq.post('/api/admin/consent-templates', {
    data: {
      title: templateTitle,
      body: 'Entiendo en qué consiste la depilación láser, sus riesgos y sus cuidados.',
      questions: QUESTIONS,
      validity: { kind: 'months', months: 12 },
      serviceIds: [serviceId],
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  await request.dispose();
  await adminReq.dispose();
});

test.afterAll(async () => {
  // Signed documents are immutable (a trigger refuses DELETE and UPDATE): they stay, and with them
  // the appointments they name; the run's names are unique, so no other journey counts them.
  await cleanUp(made).catch(() => undefined);
  await closeE2eDb();
});

/** A browser context of this run: Spanish, Madrid time, a client IP of its own; `device`: her screen. */
const contextOf = (browser: Browser, baseURL: string, device: BrowserContextOptions = {}) =>
  browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp(), ...device });

/** A new page of `ctx` signed in as one of this run's staff (signUpAs gave them AGENDA_PASSWORD). */
async function staffPage(ctx: BrowserContext, baseURL: string, who: Person) {
  const page = await ctx.newPage();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: AGENDA_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(signIn.ok()).toBe(true);
  return page;
}

async function answerAndSign(page: Page) {
  const q1 = page.getByRole('group', { name: /embarazada/ });
  await q1.getByLabel('No').check();
  const q2 = page.getByRole('group', { name: /fotosensibilizante/ });
  await q2.getByLabel('Sí').check();
  await q2.getByLabel('¿Cuál?').fill('isotretinoína');
  await page.getByLabel(/fototipo/).fill('III');
  // Firmar without the consent and the signature: each is said, in an announced summary too.
  await page.getByRole('button', { name: 'Firmar' }).click();
  await expect(page.getByRole('alert')).toContainText('falta la firma');
  await expect(page.getByText('La firma es obligatoria: dibújala en el recuadro.')).toBeVisible();
  // The canvas has its name, and the missing signature is read with it.
  await expect(page.getByRole('img', { name: 'Firma aquí con el dedo' })).toHaveAccessibleDescription(
    'La firma es obligatoria: dibújala en el recuadro.',
  );
  await page.getByLabel('Acepto el tratamiento de mis datos de salud para este fin').check();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Firmar' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Consentimiento firmado' })).toBeVisible({ timeout: 15_000 });
}

test('a client signs her laser consent from the confirmation email; her professional sees it and the contraindication', async ({
  browser,
  baseURL,
}) => {
  // A long journey over three browsers (her mail, her phone, the professional's agenda, the admin's log).
  test.slow();
  const ctx = await contextOf(browser, baseURL!, PHONE);
  const her = await ctx.newPage();
  const name = `Lola Firma ${RUN}`;
  const email = uniqueEmail('consent-clienta');
  const client = await signUpAs(her.request, baseURL!, email, name);
  made.push(client.id);

  // 1. She books the laser session, on one of the next days: her professional may read her answers
  // from two days before it (ADR 051).
  const day = dayAhead(1);
  expect(healthReadWindow(day).from <= TODAY, `${day} is within two days of ${TODAY}`).toBe(true);
  const since = new Date();
  await her.goto(`/book/${serviceId}`);
  await her.getByLabel('Profesional').selectOption({ label: pro.name });
  await showMonthOf(her, day);
  await cell(her, day).click();
  await timeButton(her, '10:00').click();
  await her.getByRole('button', { name: 'Confirmar Cita para las 10:00' }).click();
  await expect(her).toHaveURL(/\/my-appointments/);
  // Mis Citas links the form too.
  await expect(her.getByRole('link', { name: 'Firma tu consentimiento' })).toBeVisible();

  // 2. Her professional's agenda, on her phone: "Falta consentimiento".
  const proCtx = await contextOf(browser, baseURL!, PHONE);
  const proPage = await staffPage(proCtx, baseURL!, pro);
  await proPage.goto(`/employee/agenda?fecha=${day}`);
  const visit = proPage.getByTestId('agenda-appointment').filter({ hasText: name });
  await expect(visit.getByTestId('consent-missing')).toHaveText('Falta consentimiento');

  // 3. The confirmation email links the form (and holds no answer).
  const mail = await waitForMail(email, { after: since, match: (m) => /\/firma\//.test(m.text), timeout: 20_000 });
  const link = /https?:\/\/[^\s"'<>]+\/firma\/[^\s"'<>]+/.exec(mail.text)![0];
  await her.goto(link);
  // The token leaves the address at once (a cookie of the link's API holds it).
  await expect(her).toHaveURL(/\/firma$/);
  await expect(her.getByRole('heading', { name: 'Firma tu consentimiento' })).toBeVisible();
  await expect(her.getByRole('heading', { name: templateTitle })).toBeVisible();
  await answerAndSign(her);

  // 4. The PDF downloads and holds her name.
  const [download] = await Promise.all([
    her.waitForEvent('download'),
    her
      .getByRole('link', { name: /Descargar PDF/ })
      .first()
      .click(),
  ]);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfText(pdf)).toContain(name);

  // 5. The agenda no longer says it is missing; it says there are contraindications, never which.
  await proPage.reload();
  await expect(visit).toBeVisible();
  await expect(visit.getByTestId('consent-missing')).toHaveCount(0);
  await expect(visit.getByTestId('contraindications-flag')).toHaveText('Contraindicaciones: ver consentimiento');
  await expect(visit).not.toContainText('isotretinoína');
  // Her professional opens it from her card: every answer (a read the server logs).
  await visit.getByRole('button', { name: 'Ver consentimiento' }).click();
  const opened = visit.getByTestId('visit-consent-document');
  await expect(opened.getByTestId('contraindications')).toContainText('isotretinoína');
  await expect(opened.getByTestId('consent-answers')).toContainText('III');
  await opened.scrollIntoViewIfNeeded();
  await proPage.screenshot({ path: test.info().outputPath('ver-consentimiento-390.png') });

  // Another professional of the same service has no visit with her: not on her agenda, and the
  // server refuses her the visit (404) and the document (403), each refusal logged.
  const ids = (
    await e2eDb().query<{ visit: string; doc: string; record: string }>(
      `SELECT a.id AS visit, d.id AS doc, a.client_record_id AS record FROM appointments a JOIN consent_documents d ON d.appointment_id = a.id WHERE a.client_name = $1`,
      [name],
    )
  ).rows[0]!;
  const otherCtx = await contextOf(browser, baseURL!, PHONE);
  const otherPage = await staffPage(otherCtx, baseURL!, otherPro);
  await otherPage.goto(`/employee/agenda?fecha=${day}`);
  await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(otherPage.getByText(name)).toHaveCount(0);
  expect((await otherPage.request.get(`/api/consents/appointments/${ids.visit}/documents`)).status()).toBe(404);
  const refused = await otherPage.request.get(`/api/consents/documents/${ids.doc}`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain('isotretinoína');

  // The admin, at the desk's tablet, sees both in "Quién lo ha visto".
  const adminCtx = await contextOf(browser, baseURL!, TABLET);
  const desk = await staffPage(adminCtx, baseURL!, admin);
  await desk.goto(`/admin/clients/${ids.record}`);
  const doc = desk.getByTestId('client-consent');
  await doc.getByRole('button', { name: 'Ver respuestas' }).click();
  await doc.getByText(/Quién lo ha visto/).click();
  await expect(doc.getByText(new RegExp(`${pro.name} \\(Profesional\\) vio las respuestas, para la cita del`))).toBeVisible();
  await expect(doc.getByText(new RegExp(`${otherPro.name} \\(Profesional\\) intentó ver las respuestas \\(denegado\\)`))).toBeVisible();
  await otherCtx.close();
  await adminCtx.close();

  // 6. Mis Citas: no link any more, the document in "Tus consentimientos".
  await her.goto('/my-appointments');
  await expect(her.getByRole('heading', { name: 'Tus consentimientos' })).toBeVisible();
  await expect(her.getByRole('link', { name: 'Firma tu consentimiento' })).toHaveCount(0);
  await ctx.close();
  await proCtx.close();
});

test('a phone client without an account signs at reception from the appointment details', async ({ browser, baseURL }) => {
  test.slow(); // Booking, signing on the tablet with a drawn signature, then the record and the PDF.
  // Reception is a tablet.
  const ctx = await contextOf(browser, baseURL!, TABLET);
  const desk = await staffPage(ctx, baseURL!, admin);
  const name = `Nuria Mostrador ${RUN}`;
  const created = await desk.request.post('/api/front-desk/clients', {
    data: { name, phone: `7${String(Date.now()).slice(-8)}` },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const recordId = ((await created.json()) as { client: { id: string } }).client.id;
  const proRecord = (await e2eDb().query<{ id: string }>(`SELECT id FROM employees WHERE user_id = $1`, [pro.id])).rows[0]!.id;
  const day = dayAhead(7);
  const booked = await desk.request.post('/api/booking/staff', {
    data: { clientId: recordId, serviceId, professionalId: proRecord, date: day, time: '12:00' },
    headers: { origin: baseURL! },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await desk.goto(`/admin/day?dia=${day}`);
  const block = dayColumn(desk, pro.name).getByRole('button', { name: new RegExp(`12:00 ${name}`) });
  await expect(block.getByTestId('consent-missing')).toBeVisible();
  await block.click();
  const details = desk.getByRole('dialog');
  await expect(details.getByTestId('consent-missing')).toBeVisible();
  await details.getByRole('link', { name: 'Firmar en recepción' }).click();
  await expect(desk).toHaveURL(/\/recepcion\/firma\//);
  // The tablet becomes a kiosk (ADR 068; its own journey: reception-kiosk.phone.spec.ts).
  await desk.getByLabel('Elige un PIN para recuperar la tableta').fill('2468');
  await desk.getByRole('button', { name: 'Dar la tableta a la clienta' }).click();
  await expect(desk).toHaveURL(/\/recepcion\/kiosco$/);
  await expect(desk.getByRole('heading', { name: templateTitle })).toBeVisible();
  await answerAndSign(desk);
  await desk.getByRole('button', { name: 'Terminar' }).click();
  await desk.getByLabel('PIN').fill('2468');
  await desk.getByRole('button', { name: 'Devolver la tableta' }).click();
  await expect(desk).toHaveURL(/\/admin\/dashboard$/);

  await desk.goto(`/admin/day?dia=${day}`);
  await expect(block).toBeVisible();
  await expect(block.getByTestId('consent-missing')).toHaveCount(0);
  // Her record: the document, signed at reception.
  await desk.goto(`/admin/clients/${recordId}`);
  const doc = desk.getByTestId('client-consent');
  await expect(doc).toContainText(templateTitle);
  await expect(doc).toContainText('En recepción');
  await doc.getByRole('button', { name: 'Ver respuestas' }).click();
  await expect(doc.getByTestId('contraindications')).toContainText('isotretinoína');
  // The admin sees who has read it (the read just made is in the access log).
  await doc.getByText(/Quién lo ha visto/).click();
  await expect(doc.getByText(/vio las respuestas/).first()).toBeVisible();
  await ctx.close();
});
