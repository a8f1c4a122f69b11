import type { Locator, Page } from '@playwright/test';
import { isBookableDate } from '../src/domain/booking-rules';
import { addDays } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { MSG } from '../src/domain/texts/common';
import { CHOICE_VERSION } from '../src/web/features/public-page/pending-choice';
import { DEMO_HISTORY } from '../src/server/seed/demo-data';
import { cleanUp, closeE2eDb, e2eDb, serviceNamed, signUpAs } from './support/agenda-arrange';
import { cell, showMonthOf, TODAY } from './support/booking-page';
import { expect, test, uniqueEmail } from './support/fixtures';

// A visit of several services from the salon's public page, signed out (ADR 105): a client
// arriving from Instagram picks a manicure, adds a pedicure at the same time with a second
// professional (the demo's manicure and pedicure may go side by side; Irene and Carmen do them),
// signs up at "Confirmar", is back on the page with her visit kept, books it in one request and
// sees ONE visit with both parts in Mis Citas. The day is past the demo's booked history and a week
// after e2e/booking-visit.spec.ts's, a Wednesday or Thursday, when both work.

const made: string[] = [];

function visitDay(): string {
  let d = addDays(TODAY, DEMO_HISTORY.futureDays + 16);
  while (!isBookableDate(d, TODAY) || !['wednesday', 'thursday'].includes(dayKeyOfDate(d))) d = addDays(d, 1);
  return d;
}

/** Screenshots for looking at (screenshots/ is not committed): the part of the page that matters, at both widths. */
async function shoot(page: Page, name: string, part?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    const path = `screenshots/public-visit/${name}-${width}.png`;
    if (!part) {
      await page.screenshot({ path, fullPage: true });
      continue;
    }
    // The catalog's categories lay out only near the viewport (content-visibility): scroll, let them settle, scroll again.
    for (let i = 0; i < 2; i++) {
      await part.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
    }
    await part.screenshot({ path });
  }
}

test.afterAll(async () => {
  await cleanUp(made);
  await closeE2eDb();
});

test('signed out: a manicure and a pedicure at once with two professionals, sign-up at "Confirmar", one visit in Mis Citas', async ({
  page,
}) => {
  test.slow(); // two lazy chunks, the visit's times, a sign-up and a booking on a shared machine
  const email = uniqueEmail('visita-publica');
  const day = visitDay();

  await page.goto('/reservar');
  await expect(page.getByRole('heading', { name: 'Reserva tu cita' })).toBeVisible();
  await page.getByRole('button', { name: /Manicura semipermanente/ }).click();
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();

  const planner = page.getByRole('region', { name: 'Manicura semipermanente: elige día y hora' });
  await expect(planner.getByRole('heading', { name: 'Tu visita' })).toBeVisible();
  const first = planner.getByRole('listitem').filter({ hasText: 'Servicio 1' });
  await expect(first.getByLabel('Servicio', { exact: true })).toHaveValue(/.+/);
  await first.getByLabel('Profesional', { exact: true }).selectOption({ label: 'Irene Campos' });
  const second = planner.getByRole('listitem').filter({ hasText: 'Servicio 2' });
  await second.getByLabel('Servicio', { exact: true }).selectOption({ label: 'Pedicura spa' });
  await second.getByLabel('Profesional', { exact: true }).selectOption({ label: 'Carmen Ruiz' });
  // Nuria Gil does manicures but has no account: a client cannot book her, so she is not offered.
  await expect(first.getByLabel('Profesional', { exact: true }).locator('option', { hasText: 'Nuria Gil' })).toHaveCount(0);
  await planner.getByRole('radio', { name: 'A la vez, con dos profesionales' }).check();
  await expect(planner.locator('p', { hasText: 'Total de la visita:' })).toContainText(/1 h · 52,00\s€/);

  await showMonthOf(page, day);
  await cell(page, day).click();
  const times = planner.getByRole('group', { name: 'Horas disponibles' }).getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const time = (await times.first().textContent())!.trim();
  await times.first().click();
  await planner.getByLabel('Notas para tu cita (opcional)').fill('Uñas cortas, por favor');
  await shoot(page, 'planificador', planner);

  // Signed out: "Confirmar" asks for an account, in one step, with her visit kept.
  await planner.getByRole('button', { name: MSG.confirmBookingFor(time) }).click();
  await expect(page).toHaveURL(/\/signup\?reserva=1$/);
  await page.getByLabel('Nombre (opcional)').fill('Lola Visita');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Teléfono (opcional)').fill(`6${String(Date.now()).slice(-8)}`);
  await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-larga-9');
  await page.getByLabel('Confirmar contraseña').fill('una-clave-larga-9');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(/\/reservar\?paso=confirmar$/);
  const card = page.getByRole('region', { name: 'Confirma tu cita' });
  await expect(card).toContainText('Manicura semipermanente con Irene Campos');
  await expect(card).toContainText('Pedicura spa con Carmen Ruiz');
  await expect(card).toContainText('A la vez, con dos profesionales');
  await expect(card).toContainText(time);
  await expect(card).toContainText('Uñas cortas, por favor');
  await shoot(page, 'confirmar', card);
  const [id] = (await e2eDb().query<{ id: string }>('select id from "user" where email = $1', [email])).rows;
  if (id) made.push(id.id);

  await card.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(page).toHaveURL(/\/my-appointments/);
  const cards = page.getByRole('listitem').filter({ hasText: 'Tu visita' });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Manicura semipermanente con Irene Campos, ${time} h`);
  await expect(cards.first()).toContainText(`Pedicura spa con Carmen Ruiz, ${time} h`);
  await shoot(page, 'mis-citas');
});

test('a visit taken meanwhile: the refusal shows in the card, the choice stays kept, and "Elegir otra hora" reopens the planner', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const day = visitDay();
  const [manicure, pedicure] = [await serviceNamed('Manicura semipermanente'), await serviceNamed('Pedicura spa')];
  const pro = async (name: string) => (await e2eDb().query<{ id: string }>('select id from employees where name = $1', [name])).rows[0]!.id;
  const parts = [
    { serviceId: manicure.id, serviceName: manicure.name, professionalId: await pro('Irene Campos'), professionalName: 'Irene Campos' },
    { serviceId: pedicure.id, serviceName: pedicure.name, professionalId: await pro('Carmen Ruiz'), professionalName: 'Carmen Ruiz' },
  ];
  const ids = (k: 'serviceId' | 'professionalId') => parts.map((p) => p[k]).join(',');
  const free = await request.get(
    `/api/booking/public/visits/slots?services=${ids('serviceId')}&professionals=${ids('professionalId')}&mode=parallel&date=${day}`,
  );
  expect(free.status()).toBe(200);
  const time = ((await free.json()) as { slots: Array<{ time: string }> }).slots.at(-1)!.time;

  // Lola chose it signed out and signed up; before she confirms, another client books it.
  made.push((await signUpAs(page.request, baseURL!, uniqueEmail('visita-tarde'), 'Lola Tarde')).id);
  const other = await signUpAs(request, baseURL!, uniqueEmail('visita-antes'), 'Eva Antes');
  made.push(other.id);
  const first = await request.post('/api/booking/visits', {
    data: { parts: parts.map(({ serviceId, professionalId }) => ({ serviceId, professionalId })), mode: 'parallel', date: day, time },
    headers: { origin: baseURL! },
  });
  expect(first.status()).toBe(201);
  await page.goto('/reservar');
  await page.evaluate((kept) => sessionStorage.setItem('auna:reserva', JSON.stringify(kept)), {
    v: CHOICE_VERSION,
    kind: 'visit',
    parts,
    mode: 'parallel',
    date: day,
    time,
    notes: '',
  });
  await page.goto('/reservar?paso=confirmar');

  const card = page.getByRole('region', { name: 'Confirma tu cita' });
  await expect(card).toContainText('Pedicura spa con Carmen Ruiz');
  await card.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(card.getByRole('alert')).toHaveText(MSG.slotTaken);
  await expect(page).toHaveURL(/\/reservar\?paso=confirmar$/);
  await shoot(page, 'refusal', card);
  // Kept: a reload shows the same choice.
  await page.reload();
  await expect(card).toContainText('Manicura semipermanente con Irene Campos');

  // "Elegir otra hora": the planner again, with her services and professionals, to pick another time.
  await card.getByRole('button', { name: 'Elegir otra hora' }).click();
  const planner = page.getByRole('region', { name: 'Manicura semipermanente: elige día y hora' });
  const second = planner.getByRole('listitem').filter({ hasText: 'Servicio 2' });
  await expect(second.getByLabel('Servicio', { exact: true })).toHaveValue(pedicure.id);
  await expect(second.getByLabel('Profesional', { exact: true })).toHaveValue(parts[1]!.professionalId);
  await expect(planner.getByRole('radio', { name: 'A la vez, con dos profesionales' })).toBeChecked();
  await expect(planner.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: time, exact: true })).toHaveCount(0);
});
