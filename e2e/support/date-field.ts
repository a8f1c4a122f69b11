import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Types a 'YYYY-MM-DD' day into the Spanish date field (components/date-filter.tsx) labelled
 * `label` inside `scope`, as a person would: day, month and year into its segments (dd/mm/aaaa).
 * The field hands the page the day after a short pause in the typing.
 */
export async function typeDate(scope: Page | Locator, label: string, date: string) {
  const [y, m, d] = date.split('-') as [string, string, string];
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByRole('spinbutton').first().click();
  await group.page().keyboard.type(`${d}${m}${y}`);
  await expect(group).toContainText(`${d}/${m}/${y}`);
}
