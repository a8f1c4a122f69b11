import { readFile } from 'node:fs/promises';
import { addDays } from '../src/domain/calendar-date';
import { salonDateOf, SALON_TIME_ZONE, wallClockToInstant } from '../src/domain/salon-time';
import { dayKeyOfDate } from '../src/domain/weekly-schedule';
import { closeE2eDb, e2eDb } from './support/agenda-arrange';
import { asAdmin, expect, RUN, test } from './support/back-office';

// Gift cards, payments and the Caja del día (ADR 038, 039), in Chromium against the built
// demo salon: the desk sells a gift card, records a completed appointment's payment partly with the
// card and partly in cash, and the Caja del día shows both methods and offers the accountant's CSV.

const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);

/** The last weekday before today (every demo professional works then). */
function lastWeekday(): string {
  let d = addDays(TODAY, -1);
  while (['saturday', 'sunday'].includes(dayKeyOfDate(d))) d = addDays(d, -1);
  return d;
}

test.afterAll(async () => {
  await closeE2eDb();
});

test('caja: a gift card sold, a payment part card part cash, the day totals and the CSV', async ({ page }) => {
  test.setTimeout(90_000);
  const client = `Clienta caja ${RUN}`;
  const buyer = `Compradora ${RUN}`;
  // A completed appointment of Javier's on the last weekday, 40 € (past appointments are written
  // straight into the database, as the agenda's journeys do). A minute of its own, so a retry never clashes.
  const day = lastWeekday();
  const minute = 12 * 60 + (Date.now() % 6) * 5; // inside opening hours; Javier has nothing then in the demo
  const start = wallClockToInstant(day, `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`, SALON_TIME_ZONE)!;
  const db = e2eDb();
  const { rows: javier } = await db.query<{ id: string }>(`SELECT id FROM "user" WHERE email = 'javier@auna.demo'`);
  await db.query(
    `INSERT INTO appointments (client_name, client_email, employee_id, employee_name, service_name, service_duration, price, start_time, end_time, status, booked_by)
     VALUES ($1, '', $2, 'Javier Soto', 'Limpieza facial profunda', 30, 40, $3, $4, 'completed', 'staff')`,
    [client, javier[0]!.id, start, new Date(start.getTime() + 30 * 60_000)],
  );

  // Sell a 30 € card paid by Bizum: the code is shown once, and printed.
  await asAdmin(page, '/admin/gift-cards');
  await page.getByRole('button', { name: 'Vender tarjeta regalo' }).click();
  const sale = page.getByRole('form', { name: 'Vender tarjeta regalo' });
  await sale.getByLabel('Importe (€)').fill('30');
  await sale.getByLabel('Quién la compra').fill(buyer);
  await sale.getByLabel('Para quién (opcional)').fill(client);
  await sale.getByLabel('Forma de pago').selectOption({ label: 'Bizum' });
  await sale.getByRole('button', { name: 'Vender tarjeta' }).click();
  const code = (await page.getByTestId('gift-card-code').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
  await page.getByRole('link', { name: 'Imprimir tarjeta' }).click();
  const printable = page.getByTestId('gift-card-printable');
  await expect(printable).toContainText('Tarjeta regalo');
  await expect(printable).toContainText(code);
  await expect(printable).toContainText(`Para ${client}`);
  await expect(printable).toContainText('30,00 €');

  // The appointment's details in the day view: 25 € with the card, the rest in cash.
  await page.goto(`/admin/day?dia=${day}`);
  await page.getByRole('button', { name: new RegExp(client) }).click();
  const details = page.getByRole('dialog', { name: client });
  const form = details.getByRole('form', { name: 'Registrar cobro' });
  const first = form.getByRole('group', { name: 'Línea 1' });
  await first.getByLabel('Método').selectOption({ label: 'Tarjeta regalo' });
  await first.getByLabel('Código de la tarjeta regalo').fill(code.toLowerCase());
  await first.getByLabel('Importe (€)').fill('25');
  await form.getByRole('button', { name: 'Añadir otro método' }).click();
  const second = form.getByRole('group', { name: 'Línea 2' });
  await expect(second.getByLabel('Importe (€)')).toHaveValue('15,00');
  await form.getByRole('button', { name: /Registrar cobro 40,00/ }).click();
  await expect(details.getByTestId('payment-status')).toContainText('cobrada entera');
  await expect(details.getByText(/^Tarjeta regalo/)).toBeVisible();

  // The card's page: 5 € left, and the payment in its history.
  await page.goto('/admin/gift-cards');
  await page.getByRole('textbox', { name: 'Buscar por código' }).fill(code);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('5,00 €');
  await expect(page.getByTestId('gift-card-redemption')).toContainText(client);

  // The Caja del día: both methods, the sale, and the CSV for the accountant.
  await page.goto('/admin/caja');
  await expect(page.getByText('No es un programa de facturación')).toBeVisible();
  // Two blocks (ADR 052): the money that came in, and apart what the gift card paid (sold another day or not).
  const byMethod = page.getByTestId('caja-by-method');
  await expect(byMethod).toContainText('Efectivo');
  await expect(byMethod).toContainText('Bizum');
  await expect(byMethod).not.toContainText('Tarjeta regalo');
  await expect(page.getByTestId('caja-prepaid-by-method')).toContainText('Tarjeta regalo');
  await expect(page.getByTestId('caja-payment').filter({ hasText: client })).toHaveCount(2);
  await expect(page.getByTestId('caja-gift-card-sale').filter({ hasText: buyer })).toContainText('30,00 €');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  const d = TODAY.split('-').reverse().join('/');
  expect(csv).toMatch(new RegExp(`${d};\\d\\d:\\d\\d;Cobro;Limpieza facial profunda;${client};Javier Soto;Efectivo;15,00;;Rocío Navarro;Entrada de dinero\\r\\n`));
  expect(csv).toMatch(new RegExp(`${d};\\d\\d:\\d\\d;Venta de tarjeta regalo;Tarjeta regalo ••••-••[^;]+;${buyer};;Bizum;30,00;;Rocío Navarro;Entrada de dinero\\r\\n`));
});
