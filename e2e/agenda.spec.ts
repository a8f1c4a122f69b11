import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { EMPLOYEE_UNDO_WINDOW_MS } from '../src/domain/appointment-status';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import {
  cleanUp,
  closeE2eDb,
  insertAppointment,
  linkEmployeeRecord,
  makeEmployee,
  serviceNamed,
  signUpAs,
  statusOf,
  type Person,
} from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';

// The employee's agenda (SPEC §2 Employee portal, §4 Transitions (Employee), §5 Employee marking,
// §9 undo window of 7000 ms) in Chromium against the built app. Each journey has its own employee
// and client, and its started appointments lie 20 days back, so the demo salon other journeys
// count (today's dashboard, the demo accounts' lists) is never touched; everything is removed after.

const TZ = SALON_TIME_ZONE;
const PAST_DAY = addDays(salonDateOf(Date.now(), TZ), -20);
const at = (time: string, date = PAST_DAY) => wallClockToInstant(date, time, TZ)!;

const made: string[] = [];
test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

type Arranged = { employee: Person; client: Person; ids: string[] };

/**
 * A fresh employee signed in in `page`'s context, and a fresh client (in `request`'s own jar)
 * with one confirmed appointment per start time given, all already started.
 */
async function arrange(page: Page, request: APIRequestContext, baseURL: string, starts: string[], clientName: string): Promise<Arranged> {
  const employee = await signUpAs(page.request, baseURL, uniqueEmail('agenda-pro'), 'Inés Prieto');
  await makeEmployee(employee);
  const client = await signUpAs(request, baseURL, uniqueEmail('agenda-cli'), clientName);
  made.push(employee.id, client.id);
  const service = await serviceNamed('Tinte completo');
  const ids: string[] = [];
  for (const s of starts) ids.push(await insertAppointment({ employee, client, service, start: at(s), notes: 'Alergia al PPD.' }));
  return { employee, client, ids };
}

const cardAt = (page: Page, time: string): Locator => page.getByTestId('agenda-appointment').filter({ hasText: time });

/** Records the PATCHes the page sends to save a mark, with when they left. */
function watchSaves(page: Page) {
  const sent: { at: number; req: Request }[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/agenda/appointments/')) sent.push({ at: Date.now(), req });
  });
  return sent;
}

test.describe('employee agenda', () => {
  test('shows the day’s cards; Completada is saved once, after the 7 s window, and survives a reload', async ({ page, request, baseURL }) => {
    const { client, ids } = await arrange(page, request, baseURL!, ['10:00'], 'Clara Benítez');
    const [id] = ids as [string];
    await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
    const card = cardAt(page, '10:00');
    await expect(card).toHaveAttribute('data-status', 'confirmed');
    await expect(card.getByRole('heading', { name: 'Tinte completo' })).toBeVisible();
    await expect(card).toContainText(client.name);
    await expect(card).toContainText(client.email);
    await expect(card).toContainText('Alergia al PPD.');
    await expect(card).toContainText('90 min');

    const saves = watchSaves(page);
    const pressed = Date.now();
    await card.getByRole('button', { name: 'Completada' }).click();
    // At once: the card, and the toast with its undo.
    await expect(card).toHaveAttribute('data-status', 'completed');
    await expect(card.getByText('Completada', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'No asistió' })).toHaveCount(0);
    await expect(page.getByText('Cita marcada como "Completada".')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
    expect(await statusOf(id)).toBe('confirmed');

    const res = await page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/agenda/appointments/${id}`), {
      timeout: EMPLOYEE_UNDO_WINDOW_MS + 5_000,
    });
    expect(res.status()).toBe(200);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.at - pressed).toBeGreaterThanOrEqual(EMPLOYEE_UNDO_WINDOW_MS - 100);
    expect(saves[0]!.req.postDataJSON()).toEqual({ status: 'completed' });
    expect(await statusOf(id)).toBe('completed');

    await page.reload();
    await expect(cardAt(page, '10:00')).toHaveAttribute('data-status', 'completed');
    await expect(cardAt(page, '10:00').getByRole('button', { name: 'Completada' })).toHaveCount(0);
    expect(saves).toHaveLength(1);
  });

  test('No asistió then Deshacer saves nothing: after the window and a reload it is still confirmed', async ({ page, request, baseURL }) => {
    const { ids } = await arrange(page, request, baseURL!, ['10:00'], 'Pilar Cano');
    const [id] = ids as [string];
    await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
    const card = cardAt(page, '10:00');
    const saves = watchSaves(page);

    await card.getByRole('button', { name: 'No asistió' }).click();
    await expect(card).toHaveAttribute('data-status', 'no_show');
    await expect(page.getByText('Cita marcada como "No asistió".')).toBeVisible();
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(card).toHaveAttribute('data-status', 'confirmed');
    await expect(card.getByRole('button', { name: 'No asistió' })).toBeVisible();

    await page.waitForTimeout(EMPLOYEE_UNDO_WINDOW_MS + 1_000);
    expect(saves).toHaveLength(0);
    expect(await statusOf(id)).toBe('confirmed');
    await page.reload();
    await expect(cardAt(page, '10:00')).toHaveAttribute('data-status', 'confirmed');
    await expect(cardAt(page, '10:00').getByRole('button', { name: 'Completada' })).toBeVisible();
  });

  test('a save refused because the session ended in another tab shows the message and the card goes back', async ({ page, request, baseURL }) => {
    const { ids } = await arrange(page, request, baseURL!, ['10:00'], 'Rosa Vidal');
    const [id] = ids as [string];
    await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
    const card = cardAt(page, '10:00');

    await card.getByRole('button', { name: 'Completada' }).click();
    await expect(card).toHaveAttribute('data-status', 'completed');
    // Another tab of the same browser signs out inside the window.
    const other = await page.context().newPage();
    await other.goto('/api/health');
    const out = await other.evaluate(async () => (await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(out).toBe(200);
    await other.close();

    await expect(page.getByText('No se pudo guardar el cambio. Reintentando...')).toBeVisible({ timeout: EMPLOYEE_UNDO_WINDOW_MS + 5_000 });
    await expect(card).toHaveAttribute('data-status', 'confirmed');
    expect(await statusOf(id)).toBe('confirmed');
  });

  test('a save that never reaches the server shows the message and the card goes back', async ({ page, request, baseURL }) => {
    const { ids } = await arrange(page, request, baseURL!, ['10:00'], 'Lola Méndez');
    const [id] = ids as [string];
    await page.route(`**/api/agenda/appointments/${id}`, (route) => route.abort('connectionfailed'));
    await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
    const card = cardAt(page, '10:00');

    await card.getByRole('button', { name: 'No asistió' }).click();
    await expect(card).toHaveAttribute('data-status', 'no_show');
    await expect(page.getByText('No se pudo guardar el cambio. Reintentando...')).toBeVisible({ timeout: EMPLOYEE_UNDO_WINDOW_MS + 5_000 });
    await expect(card).toHaveAttribute('data-status', 'confirmed');
    await expect(card.getByRole('button', { name: 'No asistió' })).toBeVisible();
    expect(await statusOf(id)).toBe('confirmed');
  });

  test('leaving inside the window does not lose the change: another route, a reload, closing the tab', async ({ page, request, baseURL }) => {
    const { ids } = await arrange(page, request, baseURL!, ['10:00', '12:00', '16:00'], 'Alba Serrano');
    const [first, second, third] = ids as [string, string, string];

    // Another route of the app: the agenda unmounts and saves at once.
    await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
    let pressed = Date.now();
    await cardAt(page, '10:00').getByRole('button', { name: 'Completada' }).click();
    await page.getByRole('link', { name: 'Nueva Cita' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect.poll(() => statusOf(first), { timeout: 4_000 }).toBe('completed');
    expect(Date.now() - pressed).toBeLessThan(EMPLOYEE_UNDO_WINDOW_MS);

    // A reload: pagehide sends it as a keepalive request.
    await page.goto(`/employee/agenda?fecha=${PAST_DAY}`);
    pressed = Date.now();
    await cardAt(page, '12:00').getByRole('button', { name: 'No asistió' }).click();
    await expect(cardAt(page, '12:00')).toHaveAttribute('data-status', 'no_show');
    await page.reload();
    await expect.poll(() => statusOf(second), { timeout: 4_000 }).toBe('no_show');
    expect(Date.now() - pressed).toBeLessThan(EMPLOYEE_UNDO_WINDOW_MS);
    await page.reload();
    await expect(cardAt(page, '12:00')).toHaveAttribute('data-status', 'no_show');

    // Closing the tab.
    await cardAt(page, '16:00').getByRole('button', { name: 'Completada' }).click();
    await expect(cardAt(page, '16:00')).toHaveAttribute('data-status', 'completed');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => statusOf(third), { timeout: 4_000 }).toBe('completed');
  });

  test('a booking made by a client, and its cancellation, appear in the open agenda without a reload', async ({ page, request, baseURL }) => {
    const employee = await signUpAs(page.request, baseURL!, uniqueEmail('agenda-live'), 'Irene Lozano');
    await makeEmployee(employee);
    made.push(employee.id);
    const cejas = await serviceNamed('Diseño de cejas');
    const professionalId = await linkEmployeeRecord(employee, cejas.id);
    let date = addDays(salonDateOf(Date.now(), TZ), 20);
    if (dayKeyOfDate(date) === 'sunday') date = addDays(date, 1);

    const live = page.waitForResponse((r) => r.url().includes('/api/events'));
    await page.goto(`/employee/agenda?fecha=${date}`);
    await live;
    await expect(page.getByText('No tienes citas programadas para este día.')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const client = await signUpAs(request, baseURL!, uniqueEmail('agenda-live-cli'), 'Noelia Campos');
    made.push(client.id);
    // The client books through the public booking API, as the booking screen does.
    const booked = await request.post('/api/booking', {
      data: { serviceId: cejas.id, professionalId, date, time: '10:00', notes: 'Cejas naturales, por favor.' },
      headers: { origin: baseURL! },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { appointment } = (await booked.json()) as { appointment: { id: string } };

    const card = cardAt(page, '10:00');
    await expect(card).toContainText('Noelia Campos');
    await expect(card).toContainText('Diseño de cejas');
    await expect(card).toContainText('Cejas naturales, por favor.');
    await expect(card).toHaveAttribute('data-status', 'confirmed');
    // A future appointment offers no marking.
    await expect(card.getByRole('button', { name: 'Completada' })).toHaveCount(0);

    const cancelled = await request.post(`/api/my-appointments/${appointment.id}/cancel`, { headers: { origin: baseURL! } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(card).toHaveAttribute('data-status', 'cancelled_by_client');
    await expect(card.getByText('Cancelada por el cliente')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
