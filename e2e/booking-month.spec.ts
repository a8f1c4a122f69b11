import { MSG } from '../src/domain/texts/common';
import { expect, newClient, test } from './support/back-office';

// The calendar's month and "Cualquier profesional" (ADRs 061, 062), in Chromium against the demo
// salon, signed in as a new client: the first free time of a facial with anyone, booked in two taps.

test('a client books a facial with "Cualquier profesional" at the first free time', async ({ browser, baseURL }) => {
  test.slow(); // a sign-up, the month map and a booking: a long journey
  const client = await newClient(browser, baseURL!, 'any-facial');
  const page = client.page;
  await page.goto('/services');
  await page.getByRole('link', { name: 'Seleccionar Servicio: Limpieza facial profunda' }).click();
  const select = page.getByLabel('Profesional');
  await expect(select.locator('option')).toHaveText(['-- Elige un profesional --', 'Cualquier profesional', 'Irene Campos', 'Javier Soto']);
  await select.selectOption({ label: 'Cualquier profesional' });
  // The first free time is one tap (in the month shown or a later one), and its month marks the days with room.
  const first = page.getByRole('button', { name: /^Primera hora libre: / });
  await expect(first).toBeVisible();
  const time = (await first.textContent())!.match(/(\d\d:\d\d)$/)![1]!;
  await first.click();
  await expect(page.getByRole('grid').getByRole('button', { name: /con horas libres/ }).first()).toBeVisible();
  await page.getByRole('button', { name: MSG.confirmBookingFor(time) }).click();
  await expect(page).toHaveURL(/\/my-appointments/);
  await expect(page.getByText('Limpieza facial profunda').first()).toBeVisible();
  await client.context.close();
});
