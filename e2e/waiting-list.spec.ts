import { request as playwrightRequest } from '@playwright/test';
import { WAITING_MSG } from '../src/domain/texts/waiting-list';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { wallClockToInstant, SALON_TIME_ZONE } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, linkEmployeeRecord, makeEmployee, signUpAs, type Person } from './support/agenda-arrange';
import { expect, newClient, pickDay, RUN, test, weekdayAhead } from './support/back-office';
import { uniqueEmail } from './support/fixtures';
import { waitForMail } from './support/mail';

// The waiting list in Chromium (ADR 070-073, 090): two clients wait for the same service, day and
// professional, one online from the booking page ("Avísame si se libera un hueco" on a full day),
// one a phone client the desk adds from the list beside the day view (a landline and an email: the
// email channel). The visit that fills the afternoon is cancelled; both are told by email; the
// first opens her link and books in one tap, the second's link then says the time has gone, and
// the booking is in the first one's Mis Citas. A day past the demo's booked weeks, a service and a
// professional of the journey's own (removed afterwards): nothing depends on today's date.

const SERVICE = `Lista de espera ${RUN}`;
let serviceId = '';
let day = '';
let pro: Person;
let filler: Person;

const at = (time: string) => wallClockToInstant(day, time, SALON_TIME_ZONE)!;

async function visit(start: string, end: string): Promise<string> {
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, status, notes_client)
     VALUES ($1,$2,$3,$4,$5,$6,$7,30,25,$8,$9,'confirmed','') RETURNING id`,
    [filler.id, filler.name, filler.email, pro.id, pro.name, serviceId, SERVICE, at(start), at(end)],
  );
  return rows[0]!.id;
}

test.beforeAll(async ({ baseURL }) => {
  day = weekdayAhead(DEMO_HISTORY.futureDays + 12 + (process.pid % 5));
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO services (name, category, duration, price, description) VALUES ($1, 'Pruebas', 30, 25, '') RETURNING id`,
    [SERVICE],
  );
  serviceId = rows[0]!.id;
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.239.${process.pid % 250}.7` } });
  pro = await signUpAs(api, baseURL!, uniqueEmail('espera-pro'), `Olivia Espera ${RUN}`);
  filler = await signUpAs(api, baseURL!, uniqueEmail('espera-llena'), `Llena Agenda ${RUN}`);
  await api.dispose();
  await makeEmployee(pro);
  await linkEmployeeRecord(pro, serviceId);
});

test.afterAll(async () => {
  await e2eDb().query(`DELETE FROM appointments WHERE service_id = $1`, [serviceId]);
  await cleanUp([pro.id, filler.id]);
  await e2eDb().query(`DELETE FROM services WHERE id = $1`, [serviceId]);
  await closeE2eDb();
});

test('a cancelled visit goes to the first waiting client who taps her link; the second reads it has gone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Her whole day is taken: the morning by one visit, the afternoon by the one to be cancelled.
  await visit('09:00', '16:00');
  const cancelled = await visit('16:00', '20:00');

  // 1. Ana, online: the day has no time, so she asks to be told.
  const ana = await newClient(browser, baseURL!, 'espera-ana');
  await e2eDb().query(`UPDATE "user" SET email_verified = true WHERE email = $1`, [ana.email]);
  await ana.page.goto(`/book/${serviceId}`);
  await ana.page.getByLabel('Profesional').selectOption({ label: pro.name });
  await pickDay(ana.page, day);
  await ana.page.getByRole('button', { name: WAITING_MSG.notifyMe }).click();
  await ana.page.getByRole('button', { name: 'Avísame', exact: true }).click();
  await expect(ana.page.getByText(WAITING_MSG.entryAdded)).toBeVisible();

  // 2. Berta, on the phone: the desk adds her from the list beside the day view.
  await page.goto(`/admin/day?dia=${day}`);
  const panel = page.getByRole('region', { name: /Lista de espera/ });
  await expect(panel.getByRole('listitem', { name: 'Cliente espera-ana' })).toBeVisible({ timeout: 30_000 }); // a loaded machine: the first view may take long
  // At desk width the list is a column beside the grid, not under it.
  const grid = (await page.locator('[data-day-grid="shown"] [data-column]').first().boundingBox())!;
  const side = (await panel.boundingBox())!;
  expect(side.x).toBeGreaterThanOrEqual(grid.x + grid.width);
  expect(side.y).toBeLessThan(grid.y + grid.height);
  await panel.getByRole('button', { name: 'Añadir' }).click();
  const form = page.getByRole('dialog', { name: 'Añadir a la lista de espera' });
  await form.getByRole('button', { name: 'Nuevo cliente' }).click();
  const berta = { name: `Berta Teléfono ${RUN}`, email: uniqueEmail('espera-berta') };
  await form.getByLabel('Nombre').fill(berta.name);
  await form.getByLabel('Teléfono').fill(`953 ${String(100000 + (Date.now() % 899999)).replace(/(\d{2})(\d{2})(\d{2})/, '$1 $2 $3')}`);
  await form.getByLabel('Email (opcional)').fill(berta.email);
  await form.getByRole('button', { name: 'Guardar cliente' }).click();
  await form.getByLabel('Servicio').selectOption({ label: `${SERVICE} (30 min)` });
  await form.getByLabel('Profesional').selectOption({ label: pro.name });
  await form.getByRole('radio', { name: 'Tarde' }).check({ force: true });
  await form.getByRole('button', { name: `Añadir a ${berta.name} a la lista` }).click();
  await expect(form).toBeHidden();
  const bertaRow = panel.getByRole('listitem', { name: berta.name });
  await expect(bertaRow).toContainText('tarde');
  await expect(bertaRow).toContainText('Ninguna hora libre le encaja ahora.');

  // 3. The afternoon's visit is cancelled: both are told by email, Ana first.
  const cancelledAt = new Date();
  const res = await page.request.patch(`/api/admin/appointments/${cancelled}/status`, {
    data: { status: 'cancelled_by_salon' },
    headers: { origin: baseURL! },
  });
  expect(res.status(), await res.text()).toBe(200);
  const offered = (m: { subject: string }) => m.subject.includes('Se ha liberado un hueco');
  const anaMail = await waitForMail(ana.email, { after: cancelledAt, match: offered, timeout: 30_000 });
  const bertaMail = await waitForMail(berta.email, { after: cancelledAt, match: offered, timeout: 30_000 });
  expect(anaMail.subject).toContain('16:00');
  const linkIn = (text: string) => /\/api\/waiting-list\/offer\?token=[\w.-]+/.exec(text)![0];

  // 4. Ana opens her link and books it in one tap.
  await ana.page.goto(linkIn(anaMail.text));
  await ana.page.getByRole('button', { name: 'Reservar este hueco' }).click();
  await expect(ana.page.getByText(WAITING_MSG.offerBooked)).toBeVisible();

  // 5. Berta's link, tapped later, says it has gone.
  const bertaCtx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const bertaPage = await bertaCtx.newPage();
  await bertaPage.goto(linkIn(bertaMail.text));
  await expect(bertaPage.getByText(WAITING_MSG.offerGone)).toBeVisible();
  await expect(bertaPage.getByRole('button', { name: 'Reservar este hueco' })).toHaveCount(0);
  await bertaCtx.close();

  // 6. The visit is in Ana's Mis Citas.
  await ana.page.goto('/my-appointments');
  await expect(ana.page.getByRole('listitem').filter({ hasText: SERVICE })).toContainText('16:00');
  await ana.context.close();
});
