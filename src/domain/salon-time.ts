import { Temporal } from 'temporal-polyfill';

// Wall clock of the salon <-> real instants. Everything goes through Temporal with an explicit
// zone and disambiguation, never through the server's own zone: @date-fns/tz was seen to give
// different UTC answers depending on the machine's zone (ARCHITECTURE.md §2, "Time").

export const SALON_TIME_ZONE = 'Europe/Madrid';

/** An instant as callers hold it: a Date or epoch milliseconds. */
export type InstantLike = Date | number;

export function toEpochMs(instant: InstantLike): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  return ms;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'YYYY-MM-DD' naming a real calendar day (no 2026-02-30, no '2026-3-1', no time part). */
export function isValidIsoDate(s: string): boolean {
  if (typeof s !== 'string' || !ISO_DATE.test(s)) return false;
  try {
    Temporal.PlainDate.from(s, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/** 'HH:mm' from 00:00 to 23:59, two digits each. */
export function isValidTime(s: string): boolean {
  return typeof s === 'string' && HH_MM.test(s);
}

function plainDate(date: string): Temporal.PlainDate {
  if (!isValidIsoDate(date)) throw new RangeError(`Invalid date: ${date}`);
  return Temporal.PlainDate.from(date, { overflow: 'reject' });
}

function plainDateTime(date: string, time: string): Temporal.PlainDateTime {
  if (!isValidTime(time)) throw new RangeError(`Invalid time: ${time}`);
  return plainDate(date).toPlainDateTime(Temporal.PlainTime.from(time, { overflow: 'reject' }));
}

/**
 * The instant at which the salon's clock shows `time` on `date`, or null when the clock never
 * shows it (the spring-forward gap, 2026-03-29 02:00-02:59 in Madrid): a slot there cannot be
 * offered, and silently moving it an hour would book the client at a time they did not choose.
 * In the repeated autumn hour (2026-10-25 02:00-02:59) the earlier instant is taken: it is what
 * the clock shows first, it matches Temporal's 'compatible' default, and slot generation and
 * the booking check both call this function, so they always agree on the same instant.
 */
export function wallClockToInstant(date: string, time: string, tz: string): Date | null {
  const wall = plainDateTime(date, time);
  const zoned = wall.toZonedDateTime(tz, { disambiguation: 'earlier' });
  // Inside a gap Temporal shifts the time; a round trip that changes the wall clock means
  // the requested time does not exist.
  if (!zoned.toPlainDateTime().equals(wall)) return null;
  return new Date(zoned.epochMilliseconds);
}

/**
 * The first instant at which the salon's clock reads `time` or later on `date`: used for the
 * edges of opening hours and breaks. It equals wallClockToInstant for every existing time; for a
 * time inside the spring-forward gap it is the moment of the jump, since that is when the
 * clock passes it (a break "until 02:30" on 2026-03-29 ends when the clock jumps to 03:00).
 */
export function wallClockBoundary(date: string, time: string, tz: string): Date {
  const exact = wallClockToInstant(date, time, tz);
  if (exact) return exact;
  const beforeGap = plainDateTime(date, time).toZonedDateTime(tz, { disambiguation: 'earlier' });
  const jump = beforeGap.getTimeZoneTransition('next');
  if (!jump) throw new RangeError(`No time zone transition after ${date} ${time} in ${tz}`);
  return new Date(jump.epochMilliseconds);
}

/**
 * Start of `date` and start of the next day in `tz` (end exclusive). Not always 24 h apart:
 * in Madrid 2026-03-29 lasts 23 h and 2026-10-25 lasts 25 h.
 */
export function dayBounds(date: string, tz: string): { start: Date; end: Date } {
  const day = plainDate(date);
  // Without a time, Temporal uses the zone's start of day, which is unambiguous by definition
  // (it exists even in zones whose midnight falls in a gap), so no disambiguation applies.
  const start = day.toZonedDateTime({ timeZone: tz });
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone: tz });
  return { start: new Date(start.epochMilliseconds), end: new Date(end.epochMilliseconds) };
}

function zonedOf(instant: InstantLike, tz: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(toEpochMs(instant)).toZonedDateTimeISO(tz);
}

/** The salon calendar day ('YYYY-MM-DD') of an instant. */
export function salonDateOf(instant: InstantLike, tz: string): string {
  return zonedOf(instant, tz).toPlainDate().toString();
}

/** The salon wall-clock time ('HH:mm') of an instant. */
export function salonTimeOf(instant: InstantLike, tz: string): string {
  const t = zonedOf(instant, tz);
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no zone involved, so no DST effect). */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Invalid day count: ${n}`);
  return plainDate(date).add({ days: n }).toString();
}
