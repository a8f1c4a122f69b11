import { DISCOUNT_MSG } from '../src/domain/discounts';
import { asAdmin, expect, RUN, test } from './support/back-office';

// A card for a service sold below its price (ADR 052), in Chromium against the built demo salon:
// the form asks the discount's reason (the owner's, or one written out), "x" is not one, and what
// was charged and why reads on the sale, the card's page and the Caja del día.

test('a gift card for a service sold below its price: the reason asked, "x" refused, the owner’s reason on the card and in the Caja', async ({ page }) => {
  test.setTimeout(90_000);
  const buyer = `Compradora rebaja ${RUN}`;
  await asAdmin(page, '/admin/gift-cards');
  await page.getByRole('button', { name: 'Vender tarjeta regalo' }).click();
  const sale = page.getByRole('form', { name: 'Vender tarjeta regalo' });
  await sale.getByLabel('Un servicio').check();
  const facial = await sale.locator('select[name="gift-card-service"] option', { hasText: 'Limpieza facial profunda' }).getAttribute('value');
  await sale.locator('select[name="gift-card-service"]').selectOption(facial!);
  await expect(sale.getByText('La tarjeta vale el servicio (45,00 €)')).toBeVisible();
  // At the price, no reason is asked.
  await expect(sale.getByLabel('Motivo del descuento')).toHaveCount(0);
  await sale.getByLabel('Cobrado (€)').fill('35');
  await expect(sale.getByText('Como administración, puedes aplicar cualquier descuento con su motivo.')).toBeVisible();
  await sale.getByLabel('Quién la compra').fill(buyer);
  await sale.getByLabel('Forma de pago').selectOption({ label: 'Efectivo' });

  // "x" written out is not a reason: the server says so, and nothing is sold.
  await sale.getByLabel('Motivo del descuento').selectOption({ label: 'Otro motivo…' });
  await sale.getByLabel('Escribe el motivo').fill('x');
  await sale.getByRole('button', { name: 'Vender tarjeta' }).click();
  await expect(sale.getByText(DISCOUNT_MSG.reasonNotReal)).toBeVisible();

  // One of the owner's reasons: sold, worth the service, 35 € charged.
  await sale.getByLabel('Motivo del descuento').selectOption({ label: 'Cliente habitual' });
  await sale.getByRole('button', { name: 'Vender tarjeta' }).click();
  const sold = page.getByTestId('gift-card-sold');
  await expect(sold).toContainText('Tarjeta regalo vendida: 45,00 €. Cobrado 35,00 € (Cliente habitual).');
  await sold.getByRole('link', { name: 'Ver la tarjeta' }).click();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('45,00 €');
  await expect(page.getByTestId('gift-card-sale-amount')).toHaveText('35,00 € · Cliente habitual');

  // The Caja: 35 € came in, with its reason.
  await page.goto('/admin/caja');
  const row = page.getByTestId('caja-gift-card-sale').filter({ hasText: buyer });
  await expect(row).toContainText('Efectivo 35,00 €');
  await expect(row).toContainText('Descuento: Cliente habitual');
});
