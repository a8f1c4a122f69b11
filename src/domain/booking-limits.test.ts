import { describe, expect, it } from 'vitest';
import { clientMoveProblem, isValidCap, isValidHorizon, isWithinHorizon, MAX_CLIENT_MOVES_PER_APPOINTMENT, selfBookingProblem } from './booking-limits';
import { STAFF_MSG } from './texts/staff';

describe('selfBookingProblem', () => {
  const base = { date: '2026-01-15', today: '2026-01-14', horizonDays: 90, maxFutureAppointments: 4, futureConfirmed: 0 };
  it.each([
    ['tomorrow, nothing booked', {}, null],
    ['the last day of the horizon', { date: '2026-04-14' }, null],
    ['one day past the horizon', { date: '2026-04-15' }, STAFF_MSG.bookingBeyondHorizon],
    ['a horizon of 1 day: tomorrow', { horizonDays: 1 }, null],
    ['a horizon of 1 day: the day after', { horizonDays: 1, date: '2026-01-16' }, STAFF_MSG.bookingBeyondHorizon],
    ['three booked of four', { futureConfirmed: 3 }, null],
    ['four booked of four: says how many and how to free one', { futureConfirmed: 4 }, 'Ya tienes 4 citas próximas, el máximo. Cancela una en Mis Citas para reservar otra.'],
    ['cap 1, one booked', { maxFutureAppointments: 1, futureConfirmed: 1 }, 'Ya tienes una cita próxima, el máximo. Cancela una en Mis Citas para reservar otra.'],
    ['the salon lowered the cap below what she has', { maxFutureAppointments: 2, futureConfirmed: 3 }, 'Ya tienes 3 citas próximas, y el máximo es 2. Cancela una en Mis Citas para reservar otra.'],
    ['no settings: default horizon 90', { horizonDays: null, date: '2026-04-15' }, STAFF_MSG.bookingBeyondHorizon],
    ['no settings: default cap 4', { maxFutureAppointments: undefined, futureConfirmed: 4 }, STAFF_MSG.bookingCapReachedCount(4, 4)],
    ['a malformed date', { date: '2026-13-01' }, STAFF_MSG.bookingBeyondHorizon],
  ] as const)('%s', (_label, change, expected) => {
    expect(selfBookingProblem({ ...base, ...change })?.message ?? null).toBe(expected);
  });

  it('answers 409 booking_cap_reached and 400 beyond_booking_horizon', () => {
    expect(selfBookingProblem({ ...base, futureConfirmed: 4 })).toMatchObject({ status: 409, code: 'booking_cap_reached' });
    expect(selfBookingProblem({ ...base, date: '2026-04-15' })).toMatchObject({ status: 400, code: 'beyond_booking_horizon' });
  });
});

describe('clientMoveProblem: a client moving her own appointment', () => {
  const base = { date: '2026-01-20', today: '2026-01-14', horizonDays: 90, movesSoFar: 0 };
  it.each([
    ['a first move within the horizon', {}, null],
    ['to the last day of the horizon', { date: '2026-04-14' }, null],
    ['beyond the horizon, refused like a booking', { date: '2026-04-15' }, 'beyond_booking_horizon'],
    ['beyond the default horizon when the salon never saved settings', { horizonDays: null, date: '2026-04-15' }, 'beyond_booking_horizon'],
    ['a horizon of 7 days', { horizonDays: 7 }, null],
    ['a horizon of 5 days', { horizonDays: 5 }, 'beyond_booking_horizon'],
    ['the last move allowed', { movesSoFar: MAX_CLIENT_MOVES_PER_APPOINTMENT - 1 }, null],
    ['one move too many', { movesSoFar: MAX_CLIENT_MOVES_PER_APPOINTMENT }, 'reschedule_limit_reached'],
  ] as const)('%s', (_label, change, code) => {
    expect(clientMoveProblem({ ...base, ...change })?.code ?? null).toBe(code);
  });

  it('says how many times it was moved', () => {
    expect(clientMoveProblem({ ...base, movesSoFar: 3 })).toEqual({
      status: 409,
      code: 'reschedule_limit_reached',
      message: 'Esta cita ya se ha cambiado de hora 3 veces, el máximo. Si necesitas otro cambio, llama al salón.',
    });
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
