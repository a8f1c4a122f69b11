import { MSG } from './texts/common';
import { isoDayOfWeek, isValidIsoDate, isValidTime } from './calendar-date';

// Booking rules of SPEC §5 "Booking". The database's exclusion constraint is the last word on
// overlap (ARCHITECTURE.md §1); this check lets the server and the slot grid agree with it.

/** The booking's professional for "Cualquier profesional" (ADR 062): the server picks who. */
export const ANY_PROFESSIONAL = 'cualquiera';

export type Interval = { start: Date; end: Date };

const MINUTE_MS = 60_000;

/**
 * Half-open intervals overlap when each starts before the other ends, so back-to-back
 * appointments (10:00-10:30 and 10:30-11:00) do not conflict, exactly like PostgreSQL's
 * default '[)' tstzrange used by the exclusion constraint.
 */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start.getTime() < b.end.getTime() && a.end.getTime() > b.start.getTime();
}

/** End of an appointment: start plus the duration in real minutes (SPEC §9). */
export function endOf(start: Date, durationMinutes: number): Date {
  return new Date(start.getTime() + durationMinutes * MINUTE_MS);
}

/** The booking calendar: no date before today (salon day) and no Sunday (SPEC §5, §9). */
export function isBookableDate(date: string, today: string): boolean {
  if (!isValidIsoDate(date) || !isValidIsoDate(today)) return false;
  // Same fixed-width 'YYYY-MM-DD' format, so string order is calendar order. The ISO weekday, not
  // weekly-schedule's day keys: that module would add ~1 KB to the booking page's first view.
  return date >= today && isoDayOfWeek(date) !== 7;
}

export type BookingInput = {
  clientId?: string | null;
  employeeId?: string | null;
  serviceId?: string | null;
  date?: string | null;
  time?: string | null;
  durationMinutes?: unknown;
};

const present = (v: string | null | undefined): v is string =>
  typeof v === 'string' && v.trim() !== '';

/**
 * The first problem of a booking request, or null. A missing step gives the spec's
 * "Faltan datos..." text; a date or time that is present but malformed gives the generic
 * "Revisa los datos enviados." (it only comes from a hand-made request, never from the form).
 */
export function validateBookingInput(input: BookingInput): string | null {
  const { clientId, employeeId, serviceId, date, time, durationMinutes } = input;
  if (
    !present(clientId) ||
    !present(employeeId) ||
    !present(serviceId) ||
    !present(date) ||
    !present(time)
  ) {
    return MSG.bookingMissingData;
  }
  if (!isValidIsoDate(date) || !isValidTime(time)) return MSG.invalidInput;
  if (
    typeof durationMinutes !== 'number' ||
    !Number.isFinite(durationMinutes) ||
    durationMinutes <= 0
  ) {
    return MSG.invalidServiceDuration;
  }
  return null;
}
