import { describe, expect, it } from 'vitest';
import { isoDayOfWeek } from '../../src/domain/calendar-date';
import { salonDay } from './cluster';

// The reliability suites book on salonDay(n) and need distinct n to be distinct, bookable days
// whatever the weekday and across Madrid's DST changes (the suite once failed every Monday).
describe('salonDay', () => {
  const nows = [
    ['a Monday', '2026-11-23T08:00:00Z'],
    ['a Saturday night in Madrid', '2026-11-28T23:30:00Z'],
    ['a Sunday', '2026-11-29T10:00:00Z'],
    ['before spring forward', '2027-03-27T22:30:00Z'],
    ['before fall back', '2027-10-30T22:30:00Z'],
  ] as const;
  it.each(nows)('from %s: days 1..200 are distinct, in order and never a Sunday', (_, iso) => {
    const days = Array.from({ length: 200 }, (_, i) => salonDay(i + 1, new Date(iso)));
    expect(new Set(days).size).toBe(200);
    expect([...days].sort()).toEqual(days);
    expect(days.filter((d) => isoDayOfWeek(d) === 7)).toEqual([]);
  });

  it.each([
    // Sunday 29 Nov 2026: the first days after are Mon 30 Nov, Tue 1 Dec…
    ['2026-11-29T10:00:00Z', 1, '2026-11-30'],
    ['2026-11-29T10:00:00Z', 6, '2026-12-05'],
    ['2026-11-29T10:00:00Z', 7, '2026-12-07'],
    // 23:30 UTC on Saturday is already Sunday in Madrid.
    ['2026-11-28T23:30:00Z', 1, '2026-11-30'],
  ])('from %s, day %i is %s', (iso, n, day) => {
    expect(salonDay(n, new Date(iso))).toBe(day);
  });
});
