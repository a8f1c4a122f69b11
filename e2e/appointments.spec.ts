import { goToMonth } from './support/booking-page';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { formatEuros, sumEuros } from '../src/domain/money';
import { MSG } from '../src/domain/texts/common';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, e2eDb, insertAppointment, linkEmployeeRecord, makeEmployee, serviceNamed, signUpAs, statusOf, type Person } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';

// The back office's dashboard and appointment management (SPEC §2 Admin dashboard, Appointment
// management; §4 Transitions (Admin); §5 Appointment filters) in Chromium against the built app.
// Each journey brings its own admin (so the demo admin's per-account sign-in limit is left to the
// other journeys), its own professional and clients, and removes its appointments afterwards.
// The dashboard's figures are checked against the salon's real rows of today as the admin list
// API returns them, so other journeys' bookings running at the same time cannot fool the check.

const TZ = SALON_TIME_ZONE;
const TODAY = salonDateOf(Date.now(), TZ);
const SERVICE = 'Diseño de cejas';
const fmtTime = new Intl.DateTimeFormat('es-ES', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A bookable day ahead: never today (the dashboard counts today), never a Sunday. */
function dayAhead(n: number): string {
  let d = addDays(TODAY, n);
  while (!isBookableDate(d, TODAY)) d = addDays(d, 1);
  return d;
}

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A React Aria calendar cell of `date` inside `scope` ("lunes, 23 de noviembre de 2026"). */
function cell(scope: Locator, date: string): Locator {
  const label = longDate.format(new Date(`${date}T12:00:00Z`));
  return scope.getByRole('grid').getByRole('button', { name: new RegExp(`(^|\\s)${label}`) });
}
async function showMonthOf(scope: Locator, date: string) {
  await goToMonth(scope, date, cell(scope, date));
}

type Row = { id: string; clientName: string; employeeName: string; serviceName: string; price: number; startTime: string; status: string; employeeId: string };

/** Every row of the admin list for [from, to], walking its pages. */
async function listAll(request: APIRequestContext, from: string, to: string): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ from, to, limit: '100' });
    if (cursor) q.set('cursor', cursor);
    const res = await request.get(`/api/admin/appointments?${q.toString()}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { appointments: Row[]; nextCursor: string | null };
    out.push(...body.appointments);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

/**
 * What the admin should read beside 'Agenda de Hoy' for today's rows: all of them, then those
 * 'Citas de Hoy' leaves out (it counts confirmed and completed ones), by status.
 */
function agendaCountOf(rows: Row[]): string {
  const count = (n: number, one: string, many: string) => (n ? [`${n} ${n === 1 ? one : many}`] : []);
  const cancelled = rows.filter((a) => a.status === 'cancelled_by_client' || a.status === 'cancelled_by_salon').length;
  const noShow = rows.filter((a) => a.status === 'no_show').length;
  const leftOut = [...count(cancelled, 'cancelada', 'canceladas'), ...count(noShow, 'no asistió', 'no asistieron')];
  const total = `${rows.length} ${rows.length === 1 ? 'cita' : 'citas'}`;
  return leftOut.length ? `${total} · ${leftOut.join(', ')}` : total;
}

/** 'Citas de Hoy' read with the count beside 'Agenda de Hoy': the agenda's total less what it names as left out. */
async function figuresAgree(page: Page) {
  const counted = Number(await page.getByTestId('stat-today-value').textContent());
  const [total, ...leftOut] = ((await page.getByTestId('agenda-count').textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(total! - leftOut.reduce((a, b) => a + b, 0)).toBe(counted);
}

// Sign-ups are limited per address: every extra context of these journeys comes from its own.
let ipSeq = 0;
const ipBase = Math.floor(Math.random() * 200);
const freshIp = () => `10.${230 + (process.pid % 20)}.${ipBase}.${++ipSeq}`;

const made: string[] = [];
let service: { id: string; name: string; duration: number; price: number };

/** A fresh admin signed in in `page`'s context. */
async function signInAsNewAdmin(page: Page, baseURL: string): Promise<Person> {
  const admin = await signUpAs(page.request, baseURL, uniqueEmail('gestion-admin'), 'Rocío Gestora');
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);
  return admin;
}

/** A fresh professional offering SERVICE (Monday to Saturday 09:00-20:00) and a fresh client, signed up in `request`. */
async function arrangePeople(request: APIRequestContext, baseURL: string, tag: string) {
  const pro = await signUpAs(request, baseURL, uniqueEmail(`gestion-pro-${tag}`), `Irene Gestión ${tag} ${Date.now().toString(36)}`);
  await makeEmployee(pro);
  await linkEmployeeRecord(pro, service.id);
  const client = await signUpAs(request, baseURL, uniqueEmail(`gestion-cli-${tag}`), `Clienta ${tag} Ruiz`);
  made.push(pro.id, client.id);
  return { pro, client };
}

test.beforeAll(async () => {
  service = await serviceNamed(SERVICE);
});

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test.describe('admin dashboard', () => {
  test("the figures, 'Próxima Cita' and 'Agenda de Hoy' add up to today's appointments", async ({ page, playwright, baseURL }) => {
    await signInAsNewAdmin(page, baseURL!);
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
    const { pro, client } = await arrangePeople(other, baseURL!, 'dash');
    await other.dispose();

    // Today, at wall-clock times of the salon's day: one to be completed, one confirmed with a
    // note, one cancelled for the salon (shown in the agenda, not counted).
    const at = (t: string) => wallClockToInstant(TODAY, t, TZ)!;
    const done = await insertAppointment({ employee: pro, client, service, start: at('08:00') });
    await insertAppointment({ employee: pro, client, service, start: at('08:30'), notes: 'Cejas finas, por favor.' });
    const gone = await insertAppointment({ employee: pro, client, service, start: at('09:00') });
    expect((await page.request.patch(`/api/admin/appointments/${done}/status`, { data: { status: 'completed' }, headers: { origin: baseURL! } })).status()).toBe(200);
    expect((await page.request.patch(`/api/admin/appointments/${gone}/status`, { data: { status: 'cancelled_by_salon' }, headers: { origin: baseURL! } })).status()).toBe(200);

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hoy,');

    // The expected figures from the salon's rows of today (the list API), computed here.
    await expect(async () => {
      const today = await listAll(page.request, TODAY, TODAY);
      const counted = today.filter((a) => a.status === 'confirmed' || a.status === 'completed');
      const completed = counted.filter((a) => a.status === 'completed').length;
      expect(counted.length).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId('stat-today-value')).toHaveText(String(counted.length), { timeout: 1_000 });
      await expect(page.getByTestId('stat-revenue-value')).toHaveText(formatEuros(sumEuros(counted.map((a) => a.price))), { timeout: 1_000 });
      await expect(page.getByTestId('stat-completed-value')).toHaveText(`${completed} / ${counted.length}`, { timeout: 1_000 });
      await expect(page.getByTestId('today-appointment')).toHaveCount(today.length, { timeout: 1_000 });
      // Beside 'Agenda de Hoy', what makes its count differ from 'Citas de Hoy' (ours: one cancelled).
      await expect(page.getByTestId('agenda-count')).toHaveText(agendaCountOf(today), { timeout: 1_000 });
      await expect(page.getByTestId('agenda-count')).toContainText(/· \d+ canceladas?/, { timeout: 1_000 });
      await figuresAgree(page);
    }).toPass({ timeout: 15_000 });

    // Our three rows in 'Agenda de Hoy': time, client, 'employee - service', the note, the badge.
    const ours = page.getByTestId('today-appointment').filter({ hasText: pro.name });
    await expect(ours).toHaveCount(3);
    await expect(ours.nth(0)).toContainText('08:00');
    await expect(ours.nth(0)).toContainText(client.name);
    await expect(ours.nth(0)).toContainText(`${pro.name} - ${SERVICE}`);
    await expect(ours.nth(0)).toContainText('Completada');
    await expect(ours.nth(1)).toContainText('Cejas finas, por favor.');
    await expect(ours.nth(1)).toContainText('Confirmada');
    await expect(ours.nth(2)).toContainText('Cancelada por el salón');

    // 'Próxima Cita' = the earliest confirmed appointment starting after now, on any day; of
    // several at that minute (the demo salon's professionals all open at 09:00), the first by id.
    await expect(async () => {
      const ahead = (await listAll(page.request, TODAY, addDays(TODAY, 60))).filter((a) => a.status === 'confirmed' && Date.parse(a.startTime) > Date.now());
      const next = ahead.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
      const card = page.getByTestId('next-appointment');
      if (!next) {
        await expect(card).toContainText('No hay citas confirmadas por delante', { timeout: 1_000 });
        return;
      }
      await expect(card).toContainText(fmtTime.format(new Date(next.startTime)), { timeout: 1_000 });
      await expect(card).toContainText(next.clientName, { timeout: 1_000 });
      await expect(card).toContainText(next.serviceName, { timeout: 1_000 });
      await expect(card).toContainText(next.employeeName, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    // Live: a change elsewhere (another admin tab, here the API) shows without a reload.
    const before = Number(await page.getByTestId('stat-today-value').textContent());
    const third = await insertAppointment({ employee: pro, client, service, start: at('09:30') });
    expect((await page.request.patch(`/api/admin/appointments/${third}/status`, { data: { status: 'no_show' }, headers: { origin: baseURL! } })).status()).toBe(200);
    await expect(page.getByTestId('today-appointment').filter({ hasText: pro.name })).toHaveCount(4);
    await expect(page.getByTestId('today-appointment').filter({ hasText: 'No asistió' }).filter({ hasText: pro.name })).toHaveCount(1);
    await expect(page.getByTestId('stat-today-value')).toHaveText(String(before));
    // The missed visit is named beside the agenda, in the words of its badge.
    await expect(async () => {
      await expect(page.getByTestId('agenda-count')).toHaveText(agendaCountOf(await listAll(page.request, TODAY, TODAY)), { timeout: 1_000 });
      await expect(page.getByTestId('agenda-count')).toContainText(/\d+ no (asistió|asistieron)/, { timeout: 1_000 });
      await figuresAgree(page);
    }).toPass({ timeout: 15_000 });

    // Quick actions.
    for (const [name, href] of [
      ['Nueva Cita', '/services'],
      ['Gestionar Citas', '/admin/appointments'],
      ['Añadir Servicio', '/admin/services'],
      ['Añadir Empleado', '/admin/employees'],
    ] as const) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await page.getByRole('link', { name: 'Gestionar Citas' }).click();
    await expect(page).toHaveURL('/admin/appointments');
  });
});

test.describe('appointment management', () => {
  test('filters by employee, status and dates; only confirmed rows offer actions', async ({ page, playwright, baseURL }) => {
    test.slow(); // Three filters, each typed and checked against the list; then the actions of each status.
    await signInAsNewAdmin(page, baseURL!);
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
    const { pro, client } = await arrangePeople(other, baseURL!, 'filtro');
    await other.dispose();
    const day = dayAhead(5);
    const later = dayAhead(9);
    const at = (t: string, d = day) => wallClockToInstant(d, t, TZ)!;
    const a10 = await insertAppointment({ employee: pro, client, service, start: at('10:00'), notes: 'Primera visita.' });
    const a11 = await insertAppointment({ employee: pro, client, service, start: at('11:00') });
    await insertAppointment({ employee: pro, client, service, start: at('12:00') });
    const aLater = await insertAppointment({ employee: pro, client, service, start: at('10:00', later) });
    await e2eDb().query(`UPDATE appointments SET status = 'completed' WHERE id = $1`, [a11]);

    // The dates default to today.
    await page.goto('/admin/appointments');
    const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
    await expect(page.getByRole('group', { name: 'Desde' })).toContainText(`${d}/${m}/${y}`);
    await expect(page.getByRole('group', { name: 'Hasta' })).toContainText(`${d}/${m}/${y}`);

    // Pick the dates with the calendars, then the employee.
    await page.getByRole('button', { name: 'Abrir calendario: Hasta' }).click();
    const hasta = page.getByRole('dialog', { name: 'Hasta' });
    await showMonthOf(hasta, day);
    await cell(hasta, day).click();
    await page.getByRole('button', { name: 'Abrir calendario: Desde' }).click();
    const desde = page.getByRole('dialog', { name: 'Desde' });
    await showMonthOf(desde, day);
    await cell(desde, day).click();
    await expect(page).toHaveURL(new RegExp(`desde=${day}&hasta=${day}`));
    await page.getByLabel('Empleado', { exact: true }).selectOption({ label: pro.name });

    const rows = page.getByTestId('appointment-row');
    await expect(rows).toHaveCount(3);
    // Newest first, every column of the table.
    await expect(rows.nth(0)).toContainText('12:00');
    await expect(rows.nth(2)).toContainText('10:00');
    await expect(rows.nth(2)).toContainText(client.name);
    await expect(rows.nth(2)).toContainText(SERVICE);
    await expect(rows.nth(2)).toContainText(pro.name);
    await expect(rows.nth(2)).toContainText('Primera visita.');
    await expect(rows.nth(2)).toContainText('Confirmada');
    // Actions only on the confirmed rows.
    await expect(rows.filter({ hasText: '11:00' }).getByRole('button', { name: /^Cambiar estado/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cambiar estado/ })).toHaveCount(2);

    // By status.
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Completada' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('11:00');
    await expect(rows.first()).toHaveAttribute('data-status', 'completed');
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'No asistió' });
    await expect(page.getByText('No se encontraron citas con los filtros seleccionados.')).toBeVisible();
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Todos' });
    await expect(rows).toHaveCount(3);

    // A wider 'Hasta' takes in the later day (the end date counts to the end of its day).
    await page.getByRole('button', { name: 'Abrir calendario: Hasta' }).click();
    await showMonthOf(hasta, later);
    await cell(hasta, later).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toHaveAttribute('data-status', 'confirmed');
    expect(await statusOf(aLater)).toBe('confirmed');

    // A reload keeps the filters (they live in the address).
    await page.reload();
    await expect(rows).toHaveCount(4);
    await expect(page.getByLabel('Empleado', { exact: true })).toHaveValue(pro.id);

    // 'Completada' from the menu: the row leaves at once and comes back completed after the reload.
    const row10 = rows.filter({ hasText: 'Primera visita.' });
    await row10.getByRole('button', { name: /^Cambiar estado/ }).click();
    await page.getByRole('menuitem', { name: 'Completada' }).click();
    await expect(page.getByText('Cita marcada como "Completada".')).toBeVisible();
    await expect(row10).toHaveAttribute('data-status', 'completed');
    expect(await statusOf(a10)).toBe('completed');
  });

  test('dates typed digit by digit apply only when complete: the other date never moves, no refused request', async ({ page, playwright, baseURL }) => {
    await signInAsNewAdmin(page, baseURL!);
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
    const { pro, client } = await arrangePeople(other, baseURL!, 'teclado');
    await other.dispose();
    const day = dayAhead(5);
    const later = dayAhead(9);
    await insertAppointment({ employee: pro, client, service, start: wallClockToInstant(day, '10:00', TZ)! });
    await insertAppointment({ employee: pro, client, service, start: wallClockToInstant(later, '10:00', TZ)! });

    // Every list request the page makes, with its dates and answer.
    const asked: { from: string; to: string; status: number }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname !== '/api/admin/appointments') return;
      asked.push({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '', status: res.status() });
    });

    await page.goto('/admin/appointments');
    await page.getByLabel('Empleado', { exact: true }).selectOption({ label: pro.name });
    const desdeGroup = page.getByRole('group', { name: 'Desde' });
    const hastaGroup = page.getByRole('group', { name: 'Hasta' });
    const [ty, tm, td] = TODAY.split('-');
    await expect(desdeGroup).toContainText(`${Number(td)}/${Number(tm)}/${ty}`);

    /** Types `date` into a field as a person would: day, month, year, one digit at a time. */
    async function typeDate(group: typeof desdeGroup, date: string, pauseAfterDay = false) {
      const [y, m, d] = date.split('-') as [string, string, string];
      await group.getByRole('spinbutton').first().click();
      await page.keyboard.type(d, { delay: 120 });
      // A person pausing after the day: the field now holds the day with the old month, earlier
      // than 'Desde' for 'Hasta'; nothing may be applied from it.
      if (pauseAfterDay) await page.waitForTimeout(1_200);
      await page.keyboard.type(m, { delay: 120 });
      await page.keyboard.type(y, { delay: 120 });
    }

    // 'Hasta' first, the bug's case: its year passes through 0002, 0020, 0202 on the way.
    await typeDate(hastaGroup, later, true);
    await expect(page).toHaveURL(new RegExp(`hasta=${later}`));
    await expect(desdeGroup).toContainText(`${Number(td)}/${Number(tm)}/${ty}`);
    await typeDate(desdeGroup, day);
    await expect(page).toHaveURL(new RegExp(`desde=${day}&hasta=${later}`));

    const [dy, dm, dd] = day.split('-');
    const [ly, lm, ld] = later.split('-');
    await expect(desdeGroup).toContainText(`${Number(dd)}/${Number(dm)}/${dy}`);
    await expect(hastaGroup).toContainText(`${Number(ld)}/${Number(lm)}/${ly}`);
    await expect(page.getByTestId('appointment-row')).toHaveCount(2);

    // No half-typed date ever reached the server, nothing was refused, no error was shown.
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) {
      expect(r.status, `${r.from}..${r.to}`).toBe(200);
      expect(r.from >= '1900-01-01' && r.to >= '1900-01-01', `${r.from}..${r.to}`).toBe(true);
    }
    await expect(page.getByText(MSG.invalidInput)).toHaveCount(0);
  });

  test('a refused change puts the row back and says so', async ({ page, playwright, baseURL }) => {
    await signInAsNewAdmin(page, baseURL!);
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
    const { pro, client } = await arrangePeople(other, baseURL!, 'fallo');
    await other.dispose();
    const day = dayAhead(6);
    const id = await insertAppointment({ employee: pro, client, service, start: wallClockToInstant(day, '16:00', TZ)! });

    // The server answers late and refuses: the row must leave at once, then come back.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/admin/appointments/*/status', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: { code: 'internal', message: MSG.internal } } });
    });
    await page.goto(`/admin/appointments?desde=${day}&hasta=${day}&empleado=${pro.id}`);
    const rows = page.getByTestId('appointment-row');
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: /^Cambiar estado/ }).click();
    await page.getByRole('menuitem', { name: 'No asistió' }).click();
    await expect(rows).toHaveCount(0);
    release();
    await expect(page.getByRole('alert').filter({ hasText: MSG.statusUpdateFailed })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-status', 'confirmed');
    expect(await statusOf(id)).toBe('confirmed');
  });

  test('cancelling for the salon frees the time: a client watching the booking page sees it and books it', async ({ page, browser, playwright, baseURL }) => {
    await signInAsNewAdmin(page, baseURL!);
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
    const { pro, client } = await arrangePeople(other, baseURL!, 'libera');
    await other.dispose();
    const day = dayAhead(4);
    const id = await insertAppointment({ employee: pro, client, service, start: wallClockToInstant(day, '11:00', TZ)!, notes: 'La primera clienta.' });

    // A second client, in her own browser, on the booking page of that professional and day.
    const ctx = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
    const bea = await ctx.newPage();
    const beaUser = await signUpAs(bea.request, baseURL!, uniqueEmail('gestion-bea'), 'Bea Ortega');
    made.push(beaUser.id);
    await bea.goto(`/book/${service.id}`);
    await bea.getByLabel('Profesional').selectOption({ label: pro.name });
    const main = bea.locator('body');
    await showMonthOf(main, day);
    await cell(main, day).click();
    const times = bea.getByRole('group', { name: 'Horas disponibles' });
    await expect(times.getByRole('button', { name: '10:30', exact: true })).toBeVisible();
    await expect(times.getByRole('button', { name: '11:00', exact: true })).toHaveCount(0);

    // The admin cancels it for the salon, after confirming.
    await page.goto(`/admin/appointments?desde=${day}&hasta=${day}&empleado=${pro.id}`);
    const row = page.getByTestId('appointment-row').filter({ hasText: 'La primera clienta.' });
    await expect(row).toHaveAttribute('data-status', 'confirmed');
    await row.getByRole('button', { name: /^Cambiar estado/ }).click();
    await page.getByRole('menuitem', { name: /Cancelada por el salón/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('¿Cancelar esta cita?');
    await expect(dialog).toContainText(client.name);
    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await statusOf(id)).toBe('confirmed');

    await row.getByRole('button', { name: /^Cambiar estado/ }).click();
    await page.getByRole('menuitem', { name: /Cancelada por el salón/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar cita' }).click();
    await expect(row).toHaveAttribute('data-status', 'cancelled_by_salon');
    await expect(row).toContainText('Cancelada por el salón');
    await expect(row.getByRole('button', { name: /^Cambiar estado/ })).toHaveCount(0);
    expect(await statusOf(id)).toBe('cancelled_by_salon');

    // The freed 11:00 appears on the client's open page without a reload, and she books it.
    await expect(times.getByRole('button', { name: '11:00', exact: true })).toBeVisible({ timeout: 5_000 });
    await times.getByRole('button', { name: '11:00', exact: true }).click();
    await bea.getByRole('button', { name: 'Confirmar Cita para las 11:00' }).click();
    await expect(bea.getByText(MSG.bookingSucceeded)).toBeVisible();

    // Back in the list (live): the new confirmed 11:00 of Bea beside the cancelled one.
    await expect(page.getByTestId('appointment-row')).toHaveCount(2);
    const bookedRow = page.getByTestId('appointment-row').filter({ hasText: 'Bea Ortega' });
    await expect(bookedRow).toHaveAttribute('data-status', 'confirmed');
    await expect(bookedRow).toContainText('11:00');
    await ctx.close();
  });
});
