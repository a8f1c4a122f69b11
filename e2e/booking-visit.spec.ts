import type { Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { MSG } from '../src/domain/texts/common';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { cleanUp, closeE2eDb, serviceNamed, signUpAs } from './support/agenda-arrange';
import { cell, showMonthOf, TODAY } from './support/booking-page';
import { expect, test, uniqueEmail } from './support/fixtures';
import { allMails, waitForMail } from './support/mail';

// A visit of several services from the booking page (ADRs 081-083, 092, 093): a client adds a pedicure
// to her manicure, has them at the same time with two professionals (the demo's manicure and
// pedicure say "Se puede hacer a la vez que otro servicio"; Irene and Carmen do them), books the
// visit in one request, sees it as ONE visit with both parts in Mis Citas, and gets ONE mail
// listing both. The day is past the demo's booked history (DEMO_HISTORY.futureDays), a Wednesday
// or Thursday, when both work.

const made: string[] = [];

function visitDay(): string {
  let d = addDays(TODAY, DEMO_HISTORY.futureDays + 9);
  while (!isBookableDate(d, TODAY) || !['wednesday', 'thursday'].includes(dayKeyOfDate(d))) d = addDays(d, 1);
  return d;
}

/** Screenshots for looking at (screenshots/ is not committed). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of a full-page shot
  await page.screenshot({ path: `screenshots/booking-visit/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('a manicure and a pedicure at the same time with two professionals: one visit in Mis Citas, one mail listing both', async ({ page, baseURL }) => {
  test.slow(); // the planner's chunk, two professionals' lists and the visit's times on a shared machine
  const email = uniqueEmail('visita');
  made.push((await signUpAs(page.request, baseURL!, email, 'Marta Visita')).id);
  const manicure = await serviceNamed('Manicura semipermanente');
  const day = visitDay();

  await page.goto(`/book/${manicure.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manicura semipermanente' })).toBeVisible();
  await page.getByLabel('Profesional', { exact: true }).selectOption({ label: 'Irene Campos' });
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();

  // The planner: her manicure with Irene, then the pedicure with Carmen, at the same time.
  await expect(page.getByRole('heading', { level: 1, name: 'Tu visita' })).toBeVisible();
  const first = page.getByRole('listitem').filter({ hasText: 'Servicio 1' });
  await expect(first.getByLabel('Servicio', { exact: true })).toHaveValue(manicure.id);
  await expect(first.getByLabel('Profesional', { exact: true })).toHaveValue(/.+/);
  const second = page.getByRole('listitem').filter({ hasText: 'Servicio 2' });
  await second.getByLabel('Servicio', { exact: true }).selectOption({ label: 'Pedicura spa' });
  await second.getByLabel('Profesional', { exact: true }).selectOption({ label: 'Carmen Ruiz' });
  await page.getByRole('radio', { name: 'A la vez, con dos profesionales' }).check();
  // Before a time: side by side, the visit lasts its longer service; the price is both, with a decimal comma.
  await expect(page.locator('p', { hasText: 'Total de la visita:' })).toContainText(/1 h · 52,00\s€/);

  await showMonthOf(page, day);
  await cell(page, day).click();
  const times = page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const time = (await times.first().textContent())!.trim();
  await times.first().click();
  await expect(page.getByRole('button', { name: MSG.confirmBookingFor(time) })).toBeEnabled();
  await shoot(page, 'dos-servicios');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'dos-servicios');

  await page.getByRole('button', { name: MSG.confirmBookingFor(time) }).click();
  await expect(page).toHaveURL(/\/my-appointments/);

  // Mis Citas: ONE card, with both parts.
  const cards = page.getByRole('listitem').filter({ hasText: 'Tu visita' });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Manicura semipermanente con Irene Campos, ${time} h`);
  await expect(cards.first()).toContainText(`Pedicura spa con Carmen Ruiz, ${time} h`);

  // ONE confirmation, listing both parts.
  const mail = await waitForMail(email, { timeout: 20_000, match: (m) => m.subject.startsWith('Cita confirmada') });
  expect(mail.subject).toContain('Manicura semipermanente + Pedicura spa');
  expect(mail.text).toContain(`Manicura semipermanente, ${time}, con Irene Campos`);
  expect(mail.text).toContain(`Pedicura spa, ${time}, con Carmen Ruiz`);
  expect(mail.text).toMatch(/Precio: 52,00\s€/);
  await page.waitForTimeout(1500);
  expect((await allMails()).filter((m) => m.to.includes(email) && m.subject.startsWith('Cita confirmada'))).toHaveLength(1);
  await page.setContent(mail.html ?? '');
  await shoot(page, 'correo-visita');
});
