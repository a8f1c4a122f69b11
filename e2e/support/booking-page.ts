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

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/**
 * Moves a month calendar (the booking page's, the filters') to the month of `date`, reading the
 * month it shows from its grid's label and stepping towards the target, each step waiting for the
 * grid to change. The page may also move the calendar by itself (it jumps to the first bookable day,
 * which near a month's end is in the next month): a step that overshoots is stepped back.
 */
export async function goToMonth(scope: Page | Locator, date: string, target: Locator) {
  const grid = scope.getByRole('grid');
  const want = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  for (let i = 0; i < 24 && (await target.count()) === 0; i++) {
    const label = (await grid.getAttribute('aria-label')) ?? '';
    const m = new RegExp(`(${MONTHS.join('|')}) de (\\d{4})`, 'i').exec(label);
    const shown = m ? Number(m[2]) * 12 + MONTHS.indexOf(m[1]!.toLowerCase()) : want - 1;
    if (shown === want) {
      await expect(target).toBeVisible();
      break;
    }
    await scope.getByRole('button', { name: shown < want ? 'Mes siguiente' : 'Mes anterior' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', label);
  }
  await expect(target).toBeVisible();
}

export async function showMonthOf(page: Page, date: string) {
  await goToMonth(page, date, cell(page, date));
}

export const timeButton = (page: Page, time: string) => page.getByRole('group', { name: 'Horas disponibles' }).getByRole('button', { name: time, exact: true });

// Each sign-up from its own address: the per-address sign-up limit must not depend on how often a file runs.
let ipSeq = 0;
export const ownIp = () => ({ 'x-forwarded-for': `10.250.${process.pid % 250}.${++ipSeq % 250}` });
