import { MSG } from '../src/domain/texts/common';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { asAdmin, expect, newClient, pickDay, test, timeButton, weekdayAhead } from './support/back-office';

// The salon's settings (SPEC §2 Salon settings), in Chromium against the built demo salon. What
// the admin does is checked on the booking screen. The slot interval is put back to 30, so the
// other journeys see the demo salon as seeded.

test.describe('back office', () => {
  // Long journeys across several browser contexts (admin, a client, for employees the linked
  // person too): on a busy two-core machine running the whole suite they can pass the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('settings: a 15-minute interval makes the booking grid step by 15 minutes', async ({ page, browser, baseURL }) => {
    const SERVICE = 'Masaje relajante';
    const PRO = 'Javier Soto';
    // Past the demo history's last booked day (DEMO_HISTORY.futureDays), so no visit sits on that
    // morning, and past the near days other journeys (a client's "first free time") book into.
    const day = weekdayAhead(DEMO_HISTORY.futureDays + 7);
    const client = await newClient(browser, baseURL!, 'bo-grid');
    const openGrid = async () => {
      await client.page.goto('/services');
      await client.page.getByRole('link', { name: `Seleccionar Servicio: ${SERVICE}` }).click();
      await client.page.getByLabel('Profesional').selectOption({ label: PRO });
      await pickDay(client.page, day);
      await expect(timeButton(client.page, '09:00')).toBeVisible();
    };

    await asAdmin(page, '/admin/settings');
    const interval = page.getByLabel('Intervalo entre citas');
    await expect(interval).toHaveValue('30');
    await expect(interval.locator('option')).toHaveText(['15 minutos', '20 minutos', '30 minutos', '45 minutos', '60 minutos']);

    // As seeded: every 30 minutes.
    await openGrid();
    await expect(timeButton(client.page, '09:30')).toBeVisible();
    await expect(timeButton(client.page, '09:15')).toHaveCount(0);

    try {
      await interval.selectOption('15');
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      const saved = page.getByText(MSG.settingsSaved);
      await expect(saved).toBeVisible();
      // SPEC §9: the success message goes after 3 seconds.
      await expect(saved).toBeHidden({ timeout: 5_000 });

      await openGrid();
      await expect(timeButton(client.page, '09:15')).toBeVisible();
      await expect(timeButton(client.page, '09:45')).toBeVisible();
    } finally {
      // Put the demo salon back for the other journeys, whatever happened above.
      await page.reload();
      await page.getByLabel('Intervalo entre citas').selectOption('30');
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      await expect(page.getByText(MSG.settingsSaved)).toBeVisible();
    }

    // A schedule the rules refuse is not saved: a break after closing time (on Sunday, a day the
    // demo salon keeps closed).
    await page.getByTestId('schedule-day-sunday').getByText('Domingo', { exact: true }).click();
    await expect(page.getByRole('switch', { name: /Domingo/ })).toBeChecked();
    await page.getByRole('button', { name: 'Añadir descanso el domingo' }).click();
    await page.getByLabel('Domingo, descanso 1: inicio').selectOption('17:30');
    await page.getByLabel('Domingo, descanso 1: fin').selectOption('18:00');
    await expect(page.getByTestId('schedule-day-sunday').getByRole('alert')).toHaveText(MSG.breakOutsideDay);
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(page.getByText(`Domingo: ${MSG.breakOutsideDay}`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: /Domingo/ })).not.toBeChecked();
    await client.context.close();
  });
});
