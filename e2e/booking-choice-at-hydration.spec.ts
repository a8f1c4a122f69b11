import { DEMO, expect, logIn, test } from './support/fixtures';
import { armChoiceAtHydration, loadChoosingAt } from './support/hydration-turns';

// A professional chosen on /book/{id} in the moments around hydration is the one the page acts on
// (docs/reliability.md, "datos y pantallas"). Choosing in the very moment React hydrates made it
// flush the page's effects inside its handling of that change; public/boot.js replayed the
// change from there, nested in React's own handling, and the choice was lost: the select went
// back to "-- Elige un profesional --" and the page asked for a professional. The choice is made
// here by script at each of the first message-loop turns after React starts hydrating (it
// attaches its listeners to #root then), with the CPU slowed so hydration spans several turns.

test('a professional chosen at any moment of hydration is the one the booking page acts on', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO.client);
  await expect(page).toHaveURL(/\/$/);
  const services = (await (await page.request.get('/api/catalog/services')).json()) as { services: Array<{ id: string }> };
  const serviceId = services.services[0]!.id;
  await armChoiceAtHydration(page, { select: true });

  const lost: number[] = [];
  for (let turns = 0; turns < 24; turns++) {
    await loadChoosingAt(page, `/book/${serviceId}`, turns);
    const professional = page.getByLabel('Profesional');
    const name = (await professional.locator('option').nth(1).textContent())!.trim();
    // Acted on: the day's times are asked for, not a professional; and still chosen a moment later.
    const actedOn = await page
      .getByText('Elige primero un profesional')
      .waitFor({ state: 'detached', timeout: 5_000 })
      .then(() => true, () => false);
    await page.waitForTimeout(300);
    const chosen = (await professional.locator('option:checked').textContent())?.trim() === name;
    if (!actedOn || !chosen || (await page.getByText('Elige primero un profesional').count()) > 0) lost.push(turns);
  }
  expect(lost, 'message-loop turns after hydration started at which the choice was lost').toEqual([]);
});
