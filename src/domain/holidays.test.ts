import { describe, expect, it } from 'vitest';
import { easterSunday, spainNationalHolidays } from './holidays';

// The official lists (BOE, "fiestas laborales de ámbito nacional") for 2026-2028.
const OFFICIAL: Record<number, string[]> = {
  2026: ['2026-01-01', '2026-01-06', '2026-04-03', '2026-05-01', '2026-08-15', '2026-10-12', '2026-11-01', '2026-12-06', '2026-12-08', '2026-12-25'],
  2027: ['2027-01-01', '2027-01-06', '2027-03-26', '2027-05-01', '2027-08-15', '2027-10-12', '2027-11-01', '2027-12-06', '2027-12-08', '2027-12-25'],
  2028: ['2028-01-01', '2028-01-06', '2028-04-14', '2028-05-01', '2028-08-15', '2028-10-12', '2028-11-01', '2028-12-06', '2028-12-08', '2028-12-25'],
};

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i -> %s', (year, date) => expect(easterSunday(year)).toBe(date));

  it('refuses a year that is not a Gregorian year', () => {
    expect(() => easterSunday(1200)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
  });
});

describe('spainNationalHolidays', () => {
  it.each(Object.entries(OFFICIAL))('%s matches the official list', (year, dates) => {
    expect(spainNationalHolidays(Number(year)).map((h) => h.date)).toEqual(dates);
  });

  it('names Reyes and Viernes Santo', () => {
    const list = spainNationalHolidays(2027);
    expect(list.find((h) => h.date === '2027-01-06')?.name).toBe('Reyes');
    expect(list.find((h) => h.date === '2027-03-26')?.name).toBe('Viernes Santo');
  });
});
