import { MSG } from '../src/domain/texts/common';
import { addDays } from '../src/domain/salon-time';
import { cleanUp, closeE2eDb, linkEmployeeRecord, makeEmployee, serviceNamed, signUpAs, type Person } from './support/agenda-arrange';
import { cell, dayAhead, nextSunday, ownIp, showMonthOf, TODAY, timeButton } from './support/booking-page';
import { expect, test, uniqueEmail } from './support/fixtures';

// The client's booking journey (SPEC §2 Home, Services list, Booking screen, My appointments; §4
// Slot availability; §5 Booking, Cancellation by client) in Chromium against the built app.
// Each run brings its own professional (offering a demo service) and its own clients, books days
// ahead, and removes what it made, so the demo salon other journeys count is left as seeded.

const SERVICE = 'Diseño de cejas';

const made: string[] = [];
let professional: Person;
let serviceId: string;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.AUNA_E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownIp() });
  professional = await signUpAs(request, baseURL, uniqueEmail('reserva-pro'), `Irene Prado ${Date.now().toString(36)}`);
  await request.dispose();
  made.push(professional.id);
  await makeEmployee(professional);
  serviceId = (await serviceNamed(SERVICE)).id;
  await linkEmployeeRecord(professional, serviceId);
});

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test.describe('client booking', () => {
  test('from / to Mis Citas: book with a note, another client sees the time vanish live, then cancel', async ({ page, browser, baseURL }) => {
    test.slow(); // two clients' browsers and a live update: a long journey
    const day = dayAhead(3);
    const ana = await signUpAs(page.request, baseURL!, uniqueEmail('reserva-ana'), 'Ana Beltrán');
    made.push(ana.id);

    // A second client, in its own browser context, on the same professional and day.
    const other = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', extraHTTPHeaders: ownIp() });
    const bea = await other.newPage();
    made.push((await signUpAs(bea.request, baseURL!, uniqueEmail('reserva-bea'), 'Bea Ortega')).id);

    // Home: the hero, then the services list, then the service's card.
    await page.goto('/');
    // Whichever slide is showing (autoplay moves every 5 s); the faded-out ones are hidden.
    await expect(page.getByRole('heading', { name: /^(Belleza que inspira confianza|Bienestar y relajación|Resultados que enamoran)$/ })).toHaveCount(1);
    await page.getByRole('link', { name: 'Ver Tratamientos' }).click();
    await expect(page).toHaveURL(/#servicios$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SERVICE }) });
    await expect(card).toContainText('12,50 €');
    await expect(card).toContainText('20 min');
    await card.getByRole('link', { name: /Seleccionar Servicio/ }).click();
    await expect(page).toHaveURL(`/book/${serviceId}`);
    await expect(page.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();

    // Step 1 and 2 in both browsers.
    for (const p of [page, bea]) {
      if (p === bea) await bea.goto(`/book/${serviceId}`);
      await p.getByLabel('Profesional').selectOption({ label: professional.name });
      await showMonthOf(p, day);
      await cell(p, day).click();
      await expect(timeButton(p, '10:00')).toBeVisible();
    }
    const confirm = page.getByRole('button', { name: /^Confirmar Cita/ });
    await expect(confirm).toBeDisabled();

    // Step 3: the time, a note, confirm.
    await timeButton(page, '10:00').click();
    await page.getByLabel('Notas para tu cita (opcional)').fill('Piel sensible, por favor.');
    await page.getByRole('button', { name: 'Confirmar Cita para las 10:00' }).click();

    // My appointments: the banner, the query gone from the URL, the card.
    await expect(page.getByText(MSG.bookingSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/my-appointments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis Citas' })).toBeVisible();
    const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SERVICE }) });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Confirmada');
    await expect(mine).toContainText(`Con ${professional.name}`);
    await expect(mine).toContainText('10:00 h');
    await expect(mine).toContainText('Piel sensible, por favor.');

    // The other client's open page loses 10:00 without a reload, within 2 s.
    await expect(timeButton(bea, '10:00')).toHaveCount(0, { timeout: 2_000 });
    await expect(timeButton(bea, '10:30')).toBeVisible();

    // Cancel: the dialog, then the cancelled banner; the time comes back for the other client.
    await mine.getByRole('button', { name: 'Cancelar Cita' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(MSG.cancelConfirm);
    await dialog.getByRole('button', { name: 'Sí, cancelar cita' }).click();
    await expect(page.getByText(MSG.cancelledBanner)).toBeVisible();
    await expect(page).toHaveURL(/\/my-appointments$/);
    await expect(mine).toContainText('Cancelada');
    await expect(mine.getByRole('button', { name: 'Cancelar Cita' })).toHaveCount(0);
    await expect(timeButton(bea, '10:00')).toBeVisible({ timeout: 2_000 });
    await other.close();
  });

  test('Sundays and past days cannot be picked', async ({ page, baseURL }) => {
    made.push((await signUpAs(page.request, baseURL!, uniqueEmail('reserva-cal'), 'Carla Vidal')).id);
    await page.goto(`/book/${serviceId}`);
    await page.getByLabel('Profesional').selectOption({ label: professional.name });

    const sunday = nextSunday();
    await showMonthOf(page, sunday);
    await expect(cell(page, sunday)).toHaveAttribute('aria-disabled', 'true');
    await cell(page, sunday).click({ force: true });
    await expect(cell(page, sunday)).not.toHaveAccessibleName(/seleccionad/);

    // Back to today's month: yesterday (when it is in this month) is disabled, and the month
    // before cannot even be opened.
    await page.goto(`/book/${serviceId}`);
    await expect(page.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    const yesterday = addDays(TODAY, -1);
    if (yesterday.slice(0, 7) === TODAY.slice(0, 7)) {
      await expect(cell(page, yesterday)).toHaveAttribute('aria-disabled', 'true');
      await cell(page, yesterday).click({ force: true });
      await expect(cell(page, yesterday)).not.toHaveAccessibleName(/seleccionad/);
    }
  });

  test('an unknown service says so and leads back to the services', async ({ page, baseURL }) => {
    made.push((await signUpAs(page.request, baseURL!, uniqueEmail('reserva-404'), 'Dora Sanz')).id);
    await page.goto('/book/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: MSG.serviceNotFound })).toBeVisible();
    await page.getByRole('link', { name: /Volver a Nuestros Servicios/ }).click();
    await expect(page).toHaveURL('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuestros Servicios' })).toBeVisible();
  });
});
