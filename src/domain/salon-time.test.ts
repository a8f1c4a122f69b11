import { describe, expect, it } from 'vitest';
import {
  SALON_TIME_ZONE as TZ,
  addDays,
  dayBounds,
  isValidIsoDate,
  isValidTime,
  salonDateOf,
  salonTimeOf,
  toEpochMs,
  wallClockBoundary,
  wallClockToInstant,
} from './salon-time';

const HOUR = 3_600_000;

describe('wallClockToInstant (Europe/Madrid)', () => {
  it.each([
    // winter (UTC+1) and summer (UTC+2)
    ['2026-01-15', '09:00', '2026-01-15T08:00:00.000Z'],
    ['2026-07-15', '09:00', '2026-07-15T07:00:00.000Z'],
    ['2026-12-31', '23:59', '2026-12-31T22:59:00.000Z'],
    ['2026-01-01', '00:00', '2025-12-31T23:00:00.000Z'],
    // spring-forward day: 01:59 still CET, 03:00 already CEST
    ['2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    // autumn day: the repeated hour takes the earlier (CEST) instant
    ['2026-10-25', '01:59', '2026-10-24T23:59:00.000Z'],
    ['2026-10-25', '02:00', '2026-10-25T00:00:00.000Z'],
    ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '02:59', '2026-10-25T00:59:00.000Z'],
    ['2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
  ])('%s %s -> %s', (date, time, iso) => {
    expect(wallClockToInstant(date, time, TZ)?.toISOString()).toBe(iso);
  });

  it.each([['02:00'], ['02:30'], ['02:59']])('2026-03-29 %s does not exist -> null', (time) => {
    expect(wallClockToInstant('2026-03-29', time, TZ)).toBeNull();
  });

  it.each([
    ['2026-02-30', '09:00'],
    ['2026-01-15', '24:00'],
    ['2026-01-15', '9:00'],
  ])('rejects malformed input %s %s', (date, time) => {
    expect(() => wallClockToInstant(date, time, TZ)).toThrow(RangeError);
  });

  it('uses the given zone, not the machine zone', () => {
    expect(wallClockToInstant('2026-01-15', '09:00', 'UTC')?.toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    expect(wallClockToInstant('2026-01-15', '09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
  });
});

describe('wallClockBoundary', () => {
  it.each([
    ['2026-01-15', '17:00', '2026-01-15T16:00:00.000Z'],
    ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    // every time in the gap is passed at the jump itself (01:00 UTC)
    ['2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '02:30', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
  ])('%s %s -> %s', (date, time, iso) => {
    expect(wallClockBoundary(date, time, TZ).toISOString()).toBe(iso);
  });
});

describe('dayBounds', () => {
  it.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z', 24],
    ['2026-07-15', '2026-07-14T22:00:00.000Z', '2026-07-15T22:00:00.000Z', 24],
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
  ])('%s runs from %s to %s (%i h)', (date, start, end, hours) => {
    const b = dayBounds(date, TZ);
    expect(b.start.toISOString()).toBe(start);
    expect(b.end.toISOString()).toBe(end);
    expect((b.end.getTime() - b.start.getTime()) / HOUR).toBe(hours);
  });
});

describe('salonDateOf / salonTimeOf', () => {
  it.each([
    // just before and at midnight in Madrid, winter and summer
    ['2026-01-15T22:59:00.000Z', '2026-01-15', '23:59'],
    ['2026-01-15T23:00:00.000Z', '2026-01-16', '00:00'],
    ['2026-07-15T21:59:00.000Z', '2026-07-15', '23:59'],
    ['2026-07-15T22:00:00.000Z', '2026-07-16', '00:00'],
    // the jump and the repeated hour
    ['2026-03-29T00:59:00.000Z', '2026-03-29', '01:59'],
    ['2026-03-29T01:00:00.000Z', '2026-03-29', '03:00'],
    ['2026-10-25T00:30:00.000Z', '2026-10-25', '02:30'],
    ['2026-10-25T01:30:00.000Z', '2026-10-25', '02:30'],
  ])('%s is %s %s in Madrid', (iso, date, time) => {
    const d = new Date(iso);
    expect(salonDateOf(d, TZ)).toBe(date);
    expect(salonTimeOf(d, TZ)).toBe(time);
    // epoch ms give the same answer as a Date
    expect(salonDateOf(d.getTime(), TZ)).toBe(date);
    expect(salonTimeOf(d.getTime(), TZ)).toBe(time);
  });

  it('rejects an invalid Date', () => {
    expect(() => salonDateOf(new Date('nope'), TZ)).toThrow(RangeError);
    expect(() => toEpochMs(Number.NaN)).toThrow(RangeError);
  });
});

describe('isValidIsoDate', () => {
  it.each([
    ['2026-01-15', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['15/01/2026', false],
    ['2026-01-15T09:00', false],
    ['20260115', false],
    [' 2026-01-15', false],
    ['', false],
  ])('%j -> %s', (s, ok) => {
    expect(isValidIsoDate(s)).toBe(ok);
  });
});

describe('isValidTime', () => {
  it.each([
    ['00:00', true],
    ['09:30', true],
    ['23:59', true],
    ['24:00', false],
    ['12:60', false],
    ['9:00', false],
    ['09:00:00', false],
    ['0900', false],
    ['', false],
  ])('%j -> %s', (s, ok) => {
    expect(isValidTime(s)).toBe(ok);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-10-25', 7, '2026-11-01'],
    ['2026-01-15', 0, '2026-01-15'],
  ])('%s %+i -> %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it('rejects a fractional count and a bad date', () => {
    expect(() => addDays('2026-01-15', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});
