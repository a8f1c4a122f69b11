import { armChoiceAtHydration, loadChoosingAt } from './support/hydration-turns';
import { expect, logIn, test } from './support/fixtures';

// "Para un cliente" tapped on /book/{id} in the moments around hydration stays chosen
// (docs/reliability.md, "datos y pantallas"). "¿Para quién es la cita?" is a chunk of its own
// (staff only); loaded after the page had hydrated, it stayed server HTML without handlers, so a
// tap on it in the first 15 message-loop turns (CPU ×4) was undone when its part hydrated, and
// the desk booked "Para mí" unless she looked again.

test('"Para un cliente" tapped at any moment of hydration stays chosen', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, 'carmen@auna.demo');
  await expect(page).toHaveURL(/\/employee\/agenda/, { timeout: 30_000 });
  const services = (await (await page.request.get('/api/catalog/services')).json()) as { services: Array<{ id: string }> };
  const url = `/book/${services.services[0]!.id}`;
  // A first view the server renders with the question in it, as a phone at the desk loads it.
  expect(await (await page.request.get(url)).text()).toContain('Para un cliente');
  await armChoiceAtHydration(page, { radio: 'Para un cliente' });

  const lost: number[] = [];
  for (let turns = 0; turns < 24; turns++) {
    await loadChoosingAt(page, url, turns);
    // Acted on: the client search is shown; and still chosen a moment later.
    const actedOn = await page
      .getByLabel('Buscar cliente')
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true, () => false);
    await page.waitForTimeout(300);
    const chosen = await page.getByRole('radio', { name: 'Para un cliente' }).isChecked();
    if (!actedOn || !chosen || (await page.getByLabel('Buscar cliente').count()) === 0) lost.push(turns);
  }
  expect(lost, 'message-loop turns after hydration started at which the choice was lost').toEqual([]);
});
