import { isBookableDate } from '../src/domain/booking-rules';
import { MSG } from '../src/domain/texts/common';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, serviceNamed, signUpAs, type Person } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';
import { dayColumn } from './support/day-view';

// The front desk (ADRs 018-020) in Chromium against the built app: a receptionist books a phone
// client without an account in the salon's day view, finds them again by three digits of the
// phone, moves the appointment to another professional, and the client's later sign-up with
// that email, once verified, shows the appointment in Mis Citas.

const TZ = SALON_TIME_ZONE;
const TODAY = salonDateOf(Date.now(), TZ);
const SERVICE = 'Diseño de cejas';

function dayAhead(n: number): string {
  let d = addDays(TODAY, n);
  while (!isBookableDate(d, TODAY)) d = addDays(d, 1);
  return d;
}

const made: string[] = [];
let ipSeq = 0;
const ipBase = Math.floor(Math.random() * 200);
const freshIp = () => `10.${210 + (process.pid % 20)}.${ipBase}.${++ipSeq}`;

/** Three consecutive digits of `phone` that the fewest clients' phones contain (the search is a substring's). */
async function fewestMatchesOf(phone: string): Promise<string> {
  const windows = Array.from({ length: phone.length - 2 }, (_, i) => phone.slice(i, i + 3));
  const counts = await Promise.all(
    windows.map(async (w) => Number((await e2eDb().query<{ n: string }>('SELECT count(*) AS n FROM clients WHERE phone LIKE $1', [`%${w}%`])).rows[0]!.n)),
  );
  return windows[counts.indexOf(Math.min(...counts))]!;
}

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('a phone client is booked in the day view, found by three digits, moved to another professional, and sees it after signing up', async ({ page, playwright, browser, baseURL }) => {
  test.setTimeout(90_000);
  const service = await serviceNamed(SERVICE);
  const admin = await signUpAs(page.request, baseURL!, uniqueEmail('recepcion-admin'), 'Recepción Auna');
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
  const tag = Date.now().toString(36);
  const pros: Person[] = [];
  for (const name of [`Alba Recepción ${tag}`, `Berta Recepción ${tag}`]) {
    const p = await signUpAs(other, baseURL!, uniqueEmail('recepcion-pro'), name);
    await makeEmployee(p);
    await linkEmployeeRecord(p, service.id);
    pros.push(p);
    made.push(p.id);
  }
  await other.dispose();
  const [alba, berta] = pros as [Person, Person];

  const day = dayAhead(3);
  const phone = `6${String(Date.now()).slice(-8)}`;
  const clientEmail = uniqueEmail('telefono');
  const clientName = `Paloma Teléfono ${tag}`;

  // The day view: click a free time in Alba's column, make the client, pick the service and a time.
  await page.goto(`/admin/day?dia=${day}`);
  const albaColumn = dayColumn(page, alba.name);
  await expect(albaColumn).toBeVisible();
  await albaColumn.click({ position: { x: 20, y: 5 } });
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await dialog.getByRole('button', { name: 'Nuevo cliente' }).click();
  await dialog.getByLabel('Nombre').fill(clientName);
  await dialog.getByLabel('Teléfono').fill(phone);
  await dialog.getByLabel('Email (opcional)').fill(clientEmail);
  await dialog.getByRole('button', { name: 'Guardar cliente' }).click();
  await expect(dialog.getByText(clientName)).toBeVisible();
  await dialog.getByLabel('Servicio').selectOption({ label: `${SERVICE} (${service.duration} min)` });
  await expect(dialog.getByLabel('Profesional')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Profesional').locator('option:checked')).toHaveText(alba.name);
  await dialog.getByRole('button', { name: '10:00', exact: true }).click();
  await dialog.getByRole('button', { name: `Reservar a las 10:00 para ${clientName}` }).click();
  await expect(page.getByText(STAFF_MSG.staffBookingSucceeded)).toBeVisible();
  await expect(albaColumn.getByRole('button', { name: new RegExp(`10:00 ${clientName}`) })).toBeVisible();

  // "Clientes": three digits of the phone find them. The list shows the first 20 matches by name,
  // and the e2e database keeps every run's clients: three digits that fewer than 20 phones hold.
  const digits = await fewestMatchesOf(phone);
  await page.getByRole('link', { name: 'Clientes' }).click();
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(digits);
  await expect(page.getByRole('link', { name: new RegExp(clientName) })).toBeVisible();

  // Back to the day: open the block, move it to Berta at 11:00.
  await page.goto(`/admin/day?dia=${day}`);
  await albaColumn.getByRole('button', { name: new RegExp(`10:00 ${clientName}`) }).click();
  const details = page.getByRole('dialog', { name: clientName });
  await details.getByRole('button', { name: 'Cambiar hora' }).click();
  await details.getByLabel('Profesional').selectOption({ label: berta.name });
  await details.getByRole('button', { name: '11:00', exact: true }).click();
  await details.getByRole('button', { name: 'Cambiar a las 11:00' }).click();
  await expect(page.getByText(MSG.rescheduleSucceeded)).toBeVisible();
  await expect(details.getByText(/Recepción Auna movió la cita/)).toBeVisible();
  await details.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dayColumn(page, berta.name).getByRole('button', { name: new RegExp(`11:00 ${clientName}`) })).toBeVisible();
  await expect(albaColumn.getByRole('button', { name: new RegExp(clientName) })).toHaveCount(0);

  // The client signs up later with that email and verifies it: Mis Citas shows the appointment.
  const ctx = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
  const client = await ctx.newPage();
  const sentAfter = new Date();
  await client.goto('/signup');
  await client.getByLabel('Email').fill(clientEmail);
  await client.getByLabel('Contraseña', { exact: true }).fill('clave-telefono-1');
  await client.getByLabel('Confirmar contraseña').fill('clave-telefono-1');
  await client.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(client).toHaveURL(/\/$/);
  const { rows } = await e2eDb().query<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [clientEmail]);
  made.push(rows[0]!.id);
  const mail = await waitForMail(clientEmail, { timeout: 15_000, after: sentAfter, match: (m) => m.subject === STAFF_MSG.emailVerifySubject });
  await client.goto(firstLink(mail.text)!);
  await expect(client.getByText(MSG.emailVerified)).toBeVisible();
  await client.getByRole('link', { name: 'Ver mis citas' }).click();
  await expect(client.getByRole('heading', { name: SERVICE })).toBeVisible();
  await expect(client.getByText(`Con ${berta.name}`)).toBeVisible();
  await ctx.close();
});
