import { addDays } from '../src/domain/calendar-date';
import { MSG } from '../src/domain/texts/common';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { todayInSalon } from '../src/web/lib/salon-today';
import { asAdmin, expect, newClient, test } from './support/back-office';
import { cell, showMonthOf } from './support/booking-page';

// The salon's opening hours mean what they say (ADR 060), in Chromium against the demo salon:
// once Configuración closes Saturday, a client finds no Saturday times; once the schedule is
// unset (every day closed, "Sin horario general"), Lucía's Saturday morning is bookable again.
// The demo salon's hours are put back through the API whatever happens.

const SETTINGS_FIELDS = [
  'name',
  'address',
  'phoneNumber',
  'appointmentTimeSlotInterval',
  'cancellationPolicyHours',
  'openingHours',
  'reminderHours',
  'maxFutureAppointmentsPerClient',
  'bookingHorizonDays',
  'noShowSpendsSession',
  'completeWithoutConsent',
] as const;
const DAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A Saturday at least `n` days ahead. */
function saturdayAhead(n: number): string {
  let d = addDays(todayInSalon(), n);
  while (dayKeyOfDate(d) !== 'saturday') d = addDays(d, 1);
  return d;
}

test.describe('opening hours', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a Saturday is not bookable once the salon closes Saturdays, and is again when the schedule is unset', async ({
    page,
    browser,
    baseURL,
  }) => {
    const saturday = saturdayAhead(10);
    const stored = await (await page.request.get('/api/admin/settings')).json();
    const original = Object.fromEntries(SETTINGS_FIELDS.map((k) => [k, stored[k]]));
    const client = await newClient(browser, baseURL!, 'oh-sat');
    const times = client.page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button');
    const openSaturday = async () => {
      await client.page.goto('/services');
      await client.page.getByRole('link', { name: 'Seleccionar Servicio: Corte y peinado' }).click();
      await client.page.getByLabel('Profesional').selectOption({ label: 'Lucía Martín' });
      await showMonthOf(client.page, saturday);
    };
    const save = async () => {
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      await expect(page.getByText(MSG.settingsSaved)).toBeVisible();
    };
    try {
      // As seeded: the salon opens Saturday mornings, and Lucía works them.
      await asAdmin(page, '/admin/settings');
      await expect(page.getByTestId('opening-hours-note')).toContainText('Las reservas de los clientes quedan dentro de este horario');
      await openSaturday();
      await cell(client.page, saturday).click();
      await expect(times.first()).toBeVisible();

      // The owner closes Saturdays.
      await page.getByTestId('schedule-day-saturday').getByText('Sábado', { exact: true }).click();
      await expect(page.getByRole('switch', { name: /Sábado/ })).not.toBeChecked();
      await save();
      // The calendar no longer offers the Saturday at all (the month map disables the salon's closed days).
      await openSaturday();
      await expect(cell(client.page, saturday)).toBeDisabled();

      // The owner unsets the schedule: every day closed reads "Sin horario general".
      for (const [i, label] of DAYS.entries()) {
        const day = page.getByRole('switch', { name: new RegExp(label) });
        if (await day.isChecked()) await page.getByTestId(`schedule-day-${KEYS[i]}`).getByText(label, { exact: true }).click();
        await expect(day).not.toBeChecked();
      }
      await expect(page.getByTestId('opening-hours-note')).toHaveText(
        'Sin horario general: cada profesional reserva en su propio horario.',
      );
      await save();
      await openSaturday();
      await cell(client.page, saturday).click();
      await expect(times.first()).toBeVisible();
    } finally {
      const res = await page.request.put('/api/admin/settings', { data: original, headers: { origin: baseURL! } });
      expect(res.ok(), await res.text()).toBe(true);
      await client.context.close();
    }
  });
});
