import { addDays, isValidIsoDate } from './calendar-date';
import { STAFF_MSG } from './staff-messages';

// Booking abuse (issue 16, docs/decisions/025): what a client may book for themselves. Staff
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

/**
 * The first reason a client may not book this for themselves, or null. Called by the booking
 * service for `POST /api/booking` only; a staff booking for a client skips the cap but should still
 * call `isWithinHorizon` if it wants the salon's calendar.
 */
export function selfBookingProblem(c: SelfBookingCheck): string | null {
  const horizon = c.horizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS;
  const cap = c.maxFutureAppointments ?? DEFAULT_MAX_FUTURE_APPOINTMENTS;
  if (!isWithinHorizon(c.date, c.today, horizon)) return STAFF_MSG.bookingBeyondHorizon;
  if (c.futureConfirmed >= cap) return STAFF_MSG.bookingCapReached;
  return null;
}

export function isValidHorizon(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= BOOKING_HORIZON_RANGE.min && (n as number) <= BOOKING_HORIZON_RANGE.max;
}

export function isValidCap(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= MAX_FUTURE_APPOINTMENTS_RANGE.min && (n as number) <= MAX_FUTURE_APPOINTMENTS_RANGE.max;
}
