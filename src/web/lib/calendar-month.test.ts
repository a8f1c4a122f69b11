import { describe, expect, it } from 'vitest';
import { addMonths, endOfWeek, monthWeeks, startOfMonth, startOfWeek } from './calendar-month';

describe('month grid arithmetic', () => {
  it('starts the month on the 1st', () => {
    expect(startOfMonth('2026-11-21')).toBe('2026-11-01');
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2027-01-15', -1, '2026-12-15'],
    ['2026-11-21', 12, '2027-11-21'],
    ['2026-05-31', -13, '2025-04-30'],
  ])('%s + %i months = %s', (d, n, want) => {
    expect(addMonths(d, n)).toBe(want);
  });

  it.each([
    // month, weeks, first cell, last cell
    ['2026-11-10', 6, '2026-10-26', '2026-12-06'], // starts on a Sunday: six rows
    ['2027-02-10', 4, '2027-02-01', '2027-02-28'], // 28 days from a Monday: four rows
    ['2026-03-01', 6, '2026-02-23', '2026-04-05'],
    ['2026-06-30', 5, '2026-06-01', '2026-07-05'],
  ])('the weeks of %s', (d, rows, first, last) => {
    const weeks = monthWeeks(d);
    expect(weeks).toHaveLength(rows);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]).toBe(first);
    expect(weeks.at(-1)![6]).toBe(last);
    // Every day of the month exactly once, in order.
    const inMonth = weeks.flat().filter((x) => x.slice(0, 7) === d.slice(0, 7));
    expect(inMonth[0]!.slice(8)).toBe('01');
    expect(new Set(inMonth).size).toBe(inMonth.length);
  });

  it('Home and End are Monday and Sunday of the week', () => {
    expect(startOfWeek('2026-11-21')).toBe('2026-11-16');
    expect(endOfWeek('2026-11-21')).toBe('2026-11-22');
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16');
    expect(endOfWeek('2026-11-22')).toBe('2026-11-22');
  });
});
