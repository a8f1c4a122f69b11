import { addDays, isValidIsoDate } from './calendar-date';
import { STAFF_MSG } from './texts/staff';

// Booking abuse (docs/decisions/025): what a client may book for themselves. Staff
// booking for a client are exempt from the cap (they are the salon); the horizon is the salon's
// calendar and applies to every self-booking.

/** "reservas con hasta N días de antelación" and the per-client cap of future confirmed appointments. */
export const DEFAULT_BOOKING_HORIZON_DAYS = 90;
export const DEFAULT_MAX_FUTURE_APPOINTMENTS = 4;
export const BOOKING_HORIZON_RANGE = { min: 1, max: 730 } as const;
export const MAX_FUTURE_APPOINTMENTS_RANGE = { min: 1, max: 50 } as const;

/** Booking attempts per account, counted in the shared (database) rate-limit store. */
export const BOOKING_RATE_RULE = { window: 10 * 60, max: 20 } as const;

/** The last date a client may book on when today (salon day) is `today`. */
export function lastBookableDate(today: string, horizonDays: number): string {
  return addDays(today, horizonDays);
}

export function isWithinHorizon(date: string, today: string, horizonDays: number): boolean {
  if (!isValidIsoDate(date) || !isValidIsoDate(today)) return false;
  return date <= lastBookableDate(today, horizonDays);
}

export type SelfBookingCheck = {
  date: string;
  today: string;
  horizonDays: number | null | undefined;
  maxFutureAppointments: number | null | undefined;
  /** the client's confirmed appointments that have not started yet */
  futureConfirmed: number;
};

/** A limit a client meets, as the server answers it. */
export type LimitProblem = { status: 400 | 409 | 429; code: string; message: string };

export const horizonOf = (days: number | null | undefined): number => days ?? DEFAULT_BOOKING_HORIZON_DAYS;
export const capOf = (cap: number | null | undefined): number => cap ?? DEFAULT_MAX_FUTURE_APPOINTMENTS;

const beyondHorizon: LimitProblem = { status: 400, code: 'beyond_booking_horizon', message: STAFF_MSG.bookingBeyondHorizon };

/** The cap's refusal: how many she has and how to free one (docs/decisions/031). */
export function capReached(futureConfirmed: number, cap: number): LimitProblem {
  return { status: 409, code: 'booking_cap_reached', message: STAFF_MSG.bookingCapReachedCount(futureConfirmed, cap) };
}

/**
 * The first reason a client may not book this for themselves, or null. Called by the booking
 * service for `POST /api/booking` only; a staff booking for a client skips the cap but should still
 * call `isWithinHorizon` if it wants the salon's calendar. The booking statement checks the cap
 * again under a lock on the client (migration 0009): this early answer saves the insert.
 */
export function selfBookingProblem(c: SelfBookingCheck): LimitProblem | null {
  const cap = capOf(c.maxFutureAppointments);
  if (!isWithinHorizon(c.date, c.today, horizonOf(c.horizonDays))) return beyondHorizon;
  if (c.futureConfirmed >= cap) return capReached(c.futureConfirmed, cap);
  return null;
}

/** Client moves per account, in the shared rate-limit store: each move mails the professional. */
export const RESCHEDULE_RATE_RULE = { window: 60 * 60, max: 10 } as const;
/** Times a client may move one appointment herself; after that she calls the salon. */
export const MAX_CLIENT_MOVES_PER_APPOINTMENT = 3;

export type ClientMoveCheck = { date: string; today: string; horizonDays: number | null | undefined; movesSoFar: number };

/** The first reason a client may not move her appointment to `date`, or null (staff moves are not limited). */
export function clientMoveProblem(c: ClientMoveCheck): LimitProblem | null {
  if (!isWithinHorizon(c.date, c.today, horizonOf(c.horizonDays))) return beyondHorizon;
  if (c.movesSoFar >= MAX_CLIENT_MOVES_PER_APPOINTMENT) {
    return { status: 409, code: 'reschedule_limit_reached', message: STAFF_MSG.rescheduleLimitReached(c.movesSoFar) };
  }
  return null;
}

export function isValidHorizon(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= BOOKING_HORIZON_RANGE.min && (n as number) <= BOOKING_HORIZON_RANGE.max;
}

export function isValidCap(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= MAX_FUTURE_APPOINTMENTS_RANGE.min && (n as number) <= MAX_FUTURE_APPOINTMENTS_RANGE.max;
}
