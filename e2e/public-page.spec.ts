import type { Page } from '@playwright/test';
import { MSG } from '../src/domain/texts/common';
import { expect, test, uniqueEmail } from './support/fixtures';

// The salon's public page (ADRs 078-080), in Chromium against the demo salon, signed out: the
// services without an account, a time chosen, sign-up (one step) or Google only at "Confirmar",
// and the booking landing in Mis Citas; the page's head for link previews and search engines.

/** Picks a facial with "Cualquier profesional" at the first free time; answers the time. */
async function chooseFacial(page: Page): Promise<string> {
  await page.goto('/reservar');
  await expect(page.getByRole('heading', { name: 'Reserva tu cita' })).toBeVisible();
  await page.getByRole('button', { name: /Limpieza facial profunda/ }).click();
  await page.getByLabel('Profesional').selectOption({ label: 'Cualquier profesional' });
  const first = page.getByRole('button', { name: /^Primera hora libre: / });
  await expect(first).toBeVisible();
  const time = (await first.textContent())!.match(/(\d\d:\d\d)$/)![1]!;
  await first.click();
  await page.getByRole('button', { name: MSG.confirmBookingFor(time) }).click();
  await expect(page).toHaveURL(/\/signup\?reserva=1$/);
  return time;
}

/** Back on the public page with the choice kept: confirm it, land in Mis Citas with that time. */
async function confirmKept(page: Page, time: string) {
  await expect(page).toHaveURL(/\/reservar\?paso=confirmar$/);
  const card = page.getByRole('region', { name: 'Confirma tu cita' });
  await expect(card).toContainText('Limpieza facial profunda');
  await expect(card).toContainText(time);
  await card.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(page).toHaveURL(/\/my-appointments/);
  await expect(page.getByText('Limpieza facial profunda').first()).toBeVisible();
  await expect(page.getByText(time).first()).toBeVisible();
}

test('the public page lists the services, team, hours and contact to someone signed out', async ({ page }) => {
  await page.goto('/reservar');
  await expect(page).toHaveURL(/\/reservar$/);
  await expect(page.getByRole('heading', { name: 'Servicios' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Limpieza facial profunda/ })).toContainText('€');
  await expect(page.getByRole('heading', { name: 'El equipo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dónde estamos' })).toBeVisible();
});

test('the page’s HTML carries Open Graph tags and a valid BeautySalon JSON-LD', async ({ request }) => {
  const html = await (await request.get('/reservar')).text();
  for (const prop of ['og:title', 'og:description', 'og:image']) expect(html, prop).toMatch(new RegExp(`<meta property="${prop}" content="[^"]+">`));
  expect(html.match(/<title>/g)).toHaveLength(1);
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
  expect(ld['@type']).toBe('BeautySalon');
  expect(ld['@context']).toBe('https://schema.org');
  expect(typeof ld.name).toBe('string');
  expect((ld.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement.length).toBeGreaterThan(0);
  const image = new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!);
  const res = await request.get(image.pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/png');
});

test('a client picks a facial and a time, signs up at "Confirmar" in one step and lands in Mis Citas', async ({ page }) => {
  test.slow();
  const time = await chooseFacial(page);
  await expect(page.getByText('Tu hora queda guardada')).toBeVisible();
  await page.getByLabel('Nombre (opcional)').fill('Alba Pública');
  await page.getByLabel('Email').fill(uniqueEmail('publica'));
  await page.getByLabel('Teléfono (opcional)').fill(`6${String(Date.now()).slice(-8)}`);
  await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-larga-9');
  await page.getByLabel('Confirmar contraseña').fill('una-clave-larga-9');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await confirmKept(page, time);
});

test('the same through Google’s button: back on the confirmation step, then Mis Citas', async ({ page }) => {
  test.slow();
  const time = await chooseFacial(page);
  await page.getByRole('button', { name: 'Registrarse con Google' }).click();
  await confirmKept(page, time);
});
