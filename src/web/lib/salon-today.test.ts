import { describe, expect, it } from 'vitest';
import { todayInSalon } from './salon-today';

// The salon's today, cached by quarter hour: each instant still answers its own Madrid day, across
// midnight in winter (UTC+1) and summer (UTC+2), and a cached answer never outlives its day.
describe('todayInSalon', () => {
  it.each([
    ['2026-11-28T22:59:59.999Z', '2026-11-28'], // 23:59:59 in Madrid, winter
    ['2026-11-28T23:00:00.000Z', '2026-11-29'], // midnight in Madrid
    ['2026-11-28T22:45:00.000Z', '2026-11-28'], // the quarter before midnight, read again below
    ['2027-03-27T22:59:00.000Z', '2027-03-27'], // the night Madrid moves to summer time (UTC+1 still)
    ['2027-03-27T23:00:00.000Z', '2027-03-28'],
    ['2027-07-14T21:59:59.000Z', '2027-07-14'], // summer: midnight is 22:00 UTC
    ['2027-07-14T22:00:00.000Z', '2027-07-15'],
    ['2027-10-30T22:00:00.000Z', '2027-10-31'], // the night Madrid goes back to winter time
  ])('%s is %s in the salon', (instant, day) => {
    expect(todayInSalon(Date.parse(instant))).toBe(day);
  });

  it('answers the new day at midnight right after asking in the last minute of the old one', () => {
    expect(todayInSalon(Date.parse('2026-12-31T22:59:30Z'))).toBe('2026-12-31');
    expect(todayInSalon(Date.parse('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(todayInSalon(Date.parse('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
  });
});
