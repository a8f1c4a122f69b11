import { cancelDeadline } from '../src/domain/appointment-status';
import { momentWords } from '../src/domain/my-appointments';
import { MSG } from '../src/domain/texts/common';
import {
  cleanUp,
  closeE2eDb,
  e2eDb,
  insertAppointment,
  linkEmployeeRecord,
  makeEmployee,
  serviceNamed,
  signUpAs,
  type Person,
} from './support/agenda-arrange';
import { ownIp } from './support/booking-page';
import { expect, test, uniqueEmail } from './support/fixtures';

declare global {
  interface Window {
    /** main.tsx dispatches 'auna:hydrated' once hydrateRoot has run (as in first-view-hydration.spec.ts). */
    __aunaHydrated?: boolean;
    /** Set when the booking page's cap notice, or what holds it, leaves the document. */
    __capNoticeRemoved?: boolean;
  }
}

// Mis Citas as she reads it (ADRs 074, 075): "Próximas" soonest first, then "Anteriores"; a past
// visit the salon has not closed is not "Confirmada"; until when each can be cancelled, and the
// salon's phone inside the window; the spec's refusal on the card she tapped; the cap said on the
// booking page before she picks, with links to the visits she could free; "Reservar de nuevo".
// Her appointments are written straight into the database (a past one cannot be booked).

const SERVICE = 'Diseño de cejas';
const HOUR = 3_600_000;
const made: string[] = [];
let professional: Person;
let service: Awaited<ReturnType<typeof serviceNamed>>;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  professional = await signUpAs(request, baseURL, uniqueEmail('citas-pro'), `Nerea Soler ${Date.now().toString(36)}`);
  await request.dispose();
  made.push(professional.id);
  await makeEmployee(professional);
  service = await serviceNamed(SERVICE);
  await linkEmployeeRecord(professional, service.id);
});

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('Próximas first, the past one to close, until when to cancel, the refusal on its card, the cap up front, Reservar de nuevo', async ({
  page,
  baseURL,
}) => {
  test.slow(); // one journey over three pages
  const { rows } = await e2eDb().query<{ hours: number; cap: number; phone: string }>(
    `SELECT cancellation_policy_hours AS hours, max_future_appointments_per_client AS cap, phone_number AS phone FROM salon_settings`,
  );
  const { hours, cap } = rows[0] ?? { hours: 24, cap: 4 };
  expect(hours, 'the demo salon has a cancellation window of a few hours').toBeGreaterThanOrEqual(2);
  const marta = await signUpAs(page.request, baseURL!, uniqueEmail('citas-marta'), 'Marta Ruiz');
  made.push(marta.id);

  const now = Date.now();
  const at = (ms: number) => new Date(Math.round(ms / (15 * 60_000)) * 15 * 60_000);
  const past = await insertAppointment({ employee: professional, client: marta, service, start: at(now - 72 * HOUR) });
  // Inside the window (half of it ahead), then the rest of her cap a few days apart, inserted out of order.
  const soonStart = at(now + (hours / 2) * HOUR);
  const soon = await insertAppointment({ employee: professional, client: marta, service, start: soonStart });
  const later: Array<{ id: string; start: Date }> = [];
  for (let i = cap - 1; i >= 1; i--) {
    const start = at(now + (hours + 24 * (i + 2)) * HOUR);
    later.unshift({ id: await insertAppointment({ employee: professional, client: marta, service, start }), start });
  }

  await page.goto('/my-appointments');
  const upcoming = page.getByRole('region', { name: 'Próximas' });
  const previous = page.getByRole('region', { name: 'Anteriores' });
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Próximas');
  // Soonest first.
  await expect(upcoming.getByRole('listitem')).toHaveCount(cap);
  const ids = await upcoming.getByRole('listitem').evaluateAll((els) => els.map((e) => e.id));
  expect(ids).toEqual([soon, ...later.map((l) => l.id)].map((id) => `cita-${id}`));

  // The past one: in Anteriores, never "Confirmada".
  const pastCard = previous.locator(`#cita-${past}`);
  await expect(pastCard).toContainText('Pendiente de cerrar');
  await expect(pastCard).not.toContainText('Confirmada');
  await expect(pastCard.getByRole('button', { name: 'Cancelar Cita' })).toHaveCount(0);

  // Until when, on Madrid's clock.
  const first = later[0]!;
  await expect(upcoming.locator(`#cita-${first.id}`).getByTestId('cancel-note')).toHaveText(
    `Puedes cancelarla hasta ${momentWords(cancelDeadline(first.start, hours), Date.now())}.`,
  );

  // Inside the window: the phone to call; the spec's flow still refuses, on this card.
  const soonCard = upcoming.locator(`#cita-${soon}`);
  await expect(soonCard.getByTestId('cancel-note')).toContainText('Ya no puedes cancelarla en la app');
  await expect(soonCard.getByRole('link', { name: '923 40 12 34' })).toHaveAttribute('href', 'tel:+34923401234');
  await soonCard.getByRole('button', { name: 'Cancelar Cita' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(MSG.cancelConfirm);
  await dialog.getByRole('button', { name: 'Sí, cancelar cita' }).click();
  await expect(soonCard.getByRole('alert')).toContainText(MSG.cancelTooLate(hours));
  await expect(page.getByRole('alert')).toHaveCount(1);

  // The booking page says the cap before she picks anything, with the ones she could free: in the
  // server's HTML, and the same node after React hydrates (the steps below it never move).
  await page.addInitScript(() => {
    document.addEventListener('auna:hydrated', () => (window.__aunaHydrated = true));
    new MutationObserver((changes) => {
      for (const c of changes) for (const n of c.removedNodes) if (n instanceof Element && (n.matches('[data-testid=cap-notice]') || n.querySelector('[data-testid=cap-notice]'))) window.__capNoticeRemoved = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const bookPage = await page.goto(`/book/${service.id}`);
  const html = (await bookPage?.text()) ?? '';
  expect(html, 'the server rendered the notice').toContain('data-testid="cap-notice"');
  expect(html.replaceAll('<!-- -->', '')).toContain(`Ya tienes ${cap} citas próximas, el máximo que permite el salón.`);
  await page.waitForFunction(() => window.__aunaHydrated === true);
  const notice = page.getByTestId('cap-notice');
  await expect(notice).toContainText(`Ya tienes ${cap} citas próximas, el máximo que permite el salón.`);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.__capNoticeRemoved ?? false), "hydration kept the server's notice").toBe(false);
  await expect(notice.getByRole('link')).toHaveCount(cap - 1); // the one inside the window cannot be freed in the app
  await notice.getByRole('link').first().click();
  await expect(page).toHaveURL(`/my-appointments#cita-${first.id}`);
  await expect(page.locator(`#cita-${first.id}`)).toBeInViewport();

  // "Reservar de nuevo": the same service with the same professional, chosen.
  await page.locator(`#cita-${past}`).getByRole('link', { name: 'Reservar de nuevo' }).click();
  await expect(page).toHaveURL(`/book/${service.id}?professional=${professional.id}`);
  await expect(page.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await expect(page.getByLabel('Profesional').locator('option:checked')).toHaveText(professional.name);

  // Her waiting list is one tap from Mis Citas once she waits for something (ADR 070).
  await page.goto('/my-appointments');
  await expect(upcoming.getByRole('listitem')).toHaveCount(cap);
  await expect(page.getByRole('link', { name: 'Lista de espera' })).toHaveCount(0);
  const day = new Date(first.start.getTime() + 24 * HOUR).toISOString().slice(0, 10);
  const entry = await page.request.post('/api/waiting-list/mine', {
    data: { serviceId: service.id, professionalId: null, fromDate: day, toDate: day, partOfDay: 'any' },
    headers: { origin: baseURL! },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  await page.reload();
  await page.getByRole('link', { name: 'Lista de espera' }).click();
  await expect(page).toHaveURL('/lista-de-espera');
  await expect(page.getByRole('button', { name: `Retirar el aviso de ${SERVICE}` })).toBeVisible();
});
