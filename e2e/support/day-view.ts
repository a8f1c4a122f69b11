import type { Page } from '@playwright/test';

// The salon's day view draws the days either side of the one shown ahead, hidden, with the same
// columns (ADR 096, 107): a column is looked for in the day shown only, or a hidden neighbour's
// column with the same name matches too.

/** The column of `name` (a professional, a cabin, a machine) in the day shown. */
export const dayColumn = (page: Page, name: string) => page.locator(`[data-day-grid="shown"] [data-column="${name}"]`);
