import type { Locator, Page } from '@playwright/test';
import { isBookableDate } from '../../src/domain/booking-rules';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../../src/domain/salon-time';
import { dayKeyOfDate } from '../../src/domain/weekly-schedule';
import { expect } from './fixtures';

// The client's booking page as a journey meets it: its days, its calendar and its times.

export const TODAY = salonDateOf(Date.now(), SALON_TIME_ZONE);

/** A bookable day a few days ahead: never today (the dashboards count today), never a Sunday. */
export function dayAhead(n: number): string {
  let d = addDays(TODAY, n);
  while (!isBookableDate(d, TODAY)) d = addDays(d, 1);
  return d;
}

/** The next Sunday strictly after today. */
export function nextSunday(): string {
  let d = addDays(TODAY, 1);
  while (dayKeyOfDate(d) !== 'sunday') d = addDays(d, 1);
  return d;
}

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The calendar cell of a date, named in full, e.g. "lunes, 23 de noviembre de 2026" ("Hoy, ..." today). */
export function cell(page: Page, date: string): Locator {
  const label = longDate.format(new Date(`${date}T12:00:00Z`));
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`(^|\\s)${label}`) });
}

/**
 * Moves the calendar forward to the month of `date`, one month at a time, each step waiting for the
 * grid to show the next month (its label names it): a month's marks load as it is shown (ADR 061),
 * and counting cells before the grid has changed clicked past the month.
 */
export async function showMonthOf(page: Page, date: string) {
  const grid = page.getByRole('grid');
  for (let i = 0; i < 3 && (await cell(page, date).count()) === 0; i++) {
    const before = (await grid.getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', before);
  }
  await expect(cell(page, date)).toBeVisible();
}

export const timeButton = (page: Page, time: string) => page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: time, exact: true });

// Each sign-up from its own address: the per-address sign-up limit must not depend on how often a file runs.
let ipSeq = 0;
export const ownIp = () => ({ 'x-forwarded-for': `10.250.${process.pid % 250}.${++ipSeq % 250}` });
