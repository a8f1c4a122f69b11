import { addDays, isoDayOfWeek } from '../../domain/calendar-date';

// The arithmetic of a month grid on plain 'YYYY-MM-DD' salon dates (weeks start on Monday, as in
// Spain). Kept apart from the component so it is tested on its own, month ends and leap years
// included, without a browser.

/** 'YYYY-MM-01' of the month `date` is in. */
export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function daysInMonth(year: number, month: number): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month, 0); // day 0 of the next month: the last day of this one
  return t.getUTCDate();
}

/**
 * `date` moved by `n` months, the day kept when the month has it, else its last day
 * (31 January + 1 month = 28 or 29 February), as a paper calendar and React Aria do.
 */
export function addMonths(date: string, n: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const index = y * 12 + (m - 1) + n;
  const ny = Math.floor(index / 12);
  const nm = index - ny * 12 + 1;
  const nd = Math.min(d, daysInMonth(ny, nm));
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
}

/** The weeks (Monday to Sunday) that show the month of `date`: 4 to 6 rows of 7 dates. */
export function monthWeeks(date: string): string[][] {
  const first = startOfMonth(date);
  const month = first.slice(0, 7);
  let d = addDays(first, 1 - isoDayOfWeek(first));
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++, d = addDays(d, 1)) week.push(d);
    weeks.push(week);
  } while (d.slice(0, 7) === month);
  return weeks;
}

/** Monday and Sunday of the week of `date` (Home and End in the grid). */
export function startOfWeek(date: string): string {
  return addDays(date, 1 - isoDayOfWeek(date));
}
export function endOfWeek(date: string): string {
  return addDays(date, 7 - isoDayOfWeek(date));
}
