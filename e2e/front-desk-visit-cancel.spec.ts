import type { Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { cleanUp, closeE2eDb, e2eDb, serviceNamed, signUpAs, statusOf } from './support/agenda-arrange';
import { expect, test } from './support/back-office';
import { logIn, uniqueEmail } from './support/fixtures';
import { allMails, waitForMail } from './support/mail';
import { dayColumn } from './support/day-view';

// The day view cancels a whole visit (ADR 098), in Chromium against the demo salon: a client books
// a manicure with Irene and a pedicure with Carmen at the same time (one visit, ADR 092); the
// receptionist opens the manicure in the salon's day view, sees the pedicure named as the rest of
// the visit, cancels the whole visit from the details; both blocks show "Cancelada" at once, in her
// day view and, live, in the admin's open on the same day; the client gets ONE cancellation naming
// both services. The day is past the demo's booked weeks, a Wednesday or Thursday (both work then).

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);
const tag = Date.now().toString(36);
const IRENE = 'Irene Campos';
const CARMEN = 'Carmen Ruiz';
const made: string[] = [];

function visitDay(): string {
  let d = addDays(TODAY, DEMO_HISTORY.futureDays + 16 + (process.pid % 5));
  while (!isBookableDate(d, TODAY) || !['wednesday', 'thursday'].includes(dayKeyOfDate(d))) d = addDays(d, 1);
  return d;
}

const professionalId = async (name: string) =>
  (await e2eDb().query<{ id: string }>(`SELECT id FROM employees WHERE name = $1`, [name])).rows[0]!.id;

/** Screenshots for looking at (screenshots/ is not committed). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/visit-desk/${name}-${page.viewportSize()!.width}.png` });
}

/** The block of `client`'s appointment at `time` in the professional's column. */
const block = (page: Page, pro: string, time: string, client: string) =>
  dayColumn(page, pro).getByRole('button', { name: new RegExp(`^${time} ${client},`) });

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('the receptionist cancels a two-part visit from the day view: both blocks cancelled, live elsewhere, one mail naming both', async ({
  page: adminPage,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const day = visitDay();
  const manicure = await serviceNamed('Manicura semipermanente');
  const pedicure = await serviceNamed('Pedicura spa');
  const [irene, carmen] = [await professionalId(IRENE), await professionalId(CARMEN)];

  // Her visit, booked by herself through the API as the booking page does: the first time free for both.
  const clientName = `Marta Visita ${tag}`;
  const email = uniqueEmail('visita-mostrador');
  const her = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.242.${process.pid % 250}.${Date.now() % 250}` },
  });
  made.push((await signUpAs(her, baseURL!, email, clientName)).id);
  const slots = await her.get(
    `/api/booking/visits/slots?services=${manicure.id},${pedicure.id}&professionals=${irene},${carmen}&mode=parallel&date=${day}`,
  );
  expect(slots.ok(), await slots.text()).toBe(true);
  const time = ((await slots.json()) as { slots: Array<{ time: string }> }).slots[0]!.time;
  const booked = await her.post('/api/booking/visits', {
    data: {
      parts: [
        { serviceId: manicure.id, professionalId: irene },
        { serviceId: pedicure.id, professionalId: carmen },
      ],
      mode: 'parallel',
      date: day,
      time,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const [mani, pedi] = ((await booked.json()) as { visit: { parts: Array<{ appointment: { id: string } }> } }).visit.parts.map(
    (p) => p.appointment.id,
  ) as [string, string];
  await her.dispose();

  // The admin's day view stays open on that day: it hears the cancellation live.
  await adminPage.goto(`/admin/day?dia=${day}`);
  await expect(block(adminPage, IRENE, time, clientName)).toHaveAttribute('aria-label', /Confirmada/);
  await expect(block(adminPage, CARMEN, time, clientName)).toHaveAttribute('aria-label', /Confirmada/);

  // The receptionist, in her own browser.
  const desk = await browser.newContext({
    baseURL,
    storageState: undefined, // not the admin's session this file's pages carry
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.243.${process.pid % 250}.${Date.now() % 250}` },
  });
  const page = await desk.newPage();
  await logIn(page, 'recepcion@auna.demo');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`/admin/day?dia=${day}`);
  await block(page, IRENE, time, clientName).click();
  const details = page.getByRole('dialog', { name: clientName });
  const parts = details.getByTestId('visit-parts');
  await expect(parts).toContainText('Parte de una visita de 2 servicios. El otro servicio:');
  await expect(parts.getByRole('button', { name: new RegExp(`^${time}–\\d\\d:\\d\\d · Pedicura spa · ${CARMEN}$`) })).toBeVisible();
  await shoot(page, 'detalles-visita');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'detalles-visita');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A part opens the other: the pedicure's details name the manicure.
  await parts.getByRole('button', { name: /Pedicura spa/ }).click();
  await expect(details.getByText(/^Pedicura spa · \d/)).toBeVisible();
  await expect(
    details.getByTestId('visit-parts').getByRole('button', { name: new RegExp(`Manicura semipermanente · ${IRENE}$`) }),
  ).toBeVisible();
  await details
    .getByTestId('visit-parts')
    .getByRole('button', { name: /Manicura semipermanente/ })
    .click();

  // "Cancelar cita": this part only, unless the whole visit is ticked.
  await details.getByRole('button', { name: 'Cancelar cita' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancelar cita' });
  const whole = confirm.getByRole('checkbox', { name: /Cancelar toda la visita/ });
  await expect(whole).not.toBeChecked();
  await expect(confirm).toContainText(`Siguen reservados:${time}`);
  await expect(confirm.getByRole('button', { name: 'Sí, cancelar', exact: true })).toBeVisible();
  await whole.check();
  await expect(confirm).toContainText(`Con ella se cancelan:${time}`);
  await expect(confirm).toContainText(`Pedicura spa · ${CARMEN}`);
  await shoot(page, 'cancelar-visita');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'cancelar-visita');
  await page.setViewportSize({ width: 1280, height: 800 });
  const before = new Date();
  await confirm.getByRole('button', { name: 'Sí, cancelar la visita' }).click();
  await expect(confirm).toBeHidden();

  // Both parts cancelled at once: in her grid, and live in the admin's.
  for (const p of [page, adminPage]) {
    await expect(block(p, IRENE, time, clientName)).toHaveAttribute('aria-label', /Cancelada/);
    await expect(block(p, CARMEN, time, clientName)).toHaveAttribute('aria-label', /Cancelada/);
  }
  expect([await statusOf(mani), await statusOf(pedi)]).toEqual(['cancelled_by_salon', 'cancelled_by_salon']);

  // ONE cancellation to her, naming both services.
  const mail = await waitForMail(email, { timeout: 20_000, after: before, match: (m) => m.subject.startsWith('Cita cancelada') });
  expect(mail.subject).toContain('Manicura semipermanente + Pedicura spa');
  expect(mail.text).toContain(`Manicura semipermanente, ${time}, con ${IRENE}`);
  expect(mail.text).toContain(`Pedicura spa, ${time}, con ${CARMEN}`);
  await page.waitForTimeout(1500);
  expect((await allMails()).filter((m) => m.to.includes(email) && m.subject.startsWith('Cita cancelada'))).toHaveLength(1);

  // The details stay open, the visit now cancelled: no actions left, the pedicure marked.
  await expect(details.getByTestId('visit-parts')).toContainText('Cancelada por el salón');
  await expect(details.getByRole('button', { name: 'Cancelar cita' })).toBeHidden();
  await shoot(page, 'detalles-visita-cancelada');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'detalles-visita-cancelada');
  await page.setViewportSize({ width: 1280, height: 800 });
  await details.getByRole('button', { name: 'Cerrar' }).click();
  await block(page, IRENE, time, clientName).scrollIntoViewIfNeeded();
  await shoot(page, 'dia-visita-cancelada');
  await desk.close();
});
