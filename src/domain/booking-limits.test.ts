import { describe, expect, it } from 'vitest';
import { isValidCap, isValidHorizon, isWithinHorizon, selfBookingProblem } from './booking-limits';
import { STAFF_MSG } from './staff-messages';

describe('selfBookingProblem', () => {
  const base = { date: '2026-01-15', today: '2026-01-14', horizonDays: 90, maxFutureAppointments: 4, futureConfirmed: 0 };
  it.each([
    ['tomorrow, nothing booked', {}, null],
    ['the last day of the horizon', { date: '2026-04-14' }, null],
    ['one day past the horizon', { date: '2026-04-15' }, STAFF_MSG.bookingBeyondHorizon],
    ['a horizon of 1 day: tomorrow', { horizonDays: 1 }, null],
    ['a horizon of 1 day: the day after', { horizonDays: 1, date: '2026-01-16' }, STAFF_MSG.bookingBeyondHorizon],
    ['three booked of four', { futureConfirmed: 3 }, null],
    ['four booked of four', { futureConfirmed: 4 }, STAFF_MSG.bookingCapReached],
    ['cap 1, one booked', { maxFutureAppointments: 1, futureConfirmed: 1 }, STAFF_MSG.bookingCapReached],
    ['no settings: default horizon 90', { horizonDays: null, date: '2026-04-15' }, STAFF_MSG.bookingBeyondHorizon],
    ['no settings: default cap 4', { maxFutureAppointments: undefined, futureConfirmed: 4 }, STAFF_MSG.bookingCapReached],
    ['a malformed date', { date: '2026-13-01' }, STAFF_MSG.bookingBeyondHorizon],
  ] as const)('%s', (_label, change, expected) => {
    expect(selfBookingProblem({ ...base, ...change })).toBe(expected);
  });
});

describe('isWithinHorizon across a year end', () => {
  it.each([
    ['2026-12-20', '2027-03-20', 90, true],
    ['2026-12-20', '2027-03-21', 90, false],
  ] as const)('%s + %s', (today, date, days, ok) => {
    expect(isWithinHorizon(date, today, days)).toBe(ok);
  });
});

describe('setting ranges', () => {
  it.each([
    [1, true, true],
    [50, true, true],
    [51, false, true],
    [730, false, true],
    [731, false, false],
    [0, false, false],
    [4.5, false, false],
    ['4', false, false],
  ] as const)('%j: cap %s, horizon %s', (n, cap, horizon) => {
    expect(isValidCap(n)).toBe(cap);
    expect(isValidHorizon(n)).toBe(horizon);
  });
});
