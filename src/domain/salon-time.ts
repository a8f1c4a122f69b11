import { Temporal } from 'temporal-polyfill';
import { isValidIsoDate, isValidTime, toEpochMs, type InstantLike } from './calendar-date';

// Wall clock of the salon <-> real instants. Everything goes through Temporal with an explicit
// zone and disambiguation, never through the server's own zone: @date-fns/tz was seen to give
// different UTC answers depending on the machine's zone (ARCHITECTURE.md §2, "Time").

// Calendar days and the salon day of an instant need no Temporal: they live in calendar-date.ts
// (so the booking page can use them without the polyfill) and are re-exported here.
export { SALON_TIME_ZONE, toEpochMs, isValidIsoDate, isValidTime, addDays, salonDateOf } from './calendar-date';
export type { InstantLike } from './calendar-date';

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
  return remembered(instants, `${tz}|${date}|${time}`, () => computeWallClockToInstant(date, time, tz));
}

// The slot grid converts the same few dozen wall-clock times per day on every request, and
// temporal-polyfill takes ~25 µs a conversion: the answers are remembered (pure functions of
// their arguments; a bounded map, emptied when full). Callers get their own Date copies.
const CACHE_MAX = 20_000;
const instants = new Map<string, number | null>();
const boundaries = new Map<string, number | null>();

function remembered(cache: Map<string, number | null>, key: string, compute: () => Date | null): Date | null {
  let ms = cache.get(key);
  if (ms === undefined) {
    ms = compute()?.getTime() ?? null;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, ms);
  }
  return ms === null ? null : new Date(ms);
}

function computeWallClockToInstant(date: string, time: string, tz: string): Date | null {
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
  return remembered(boundaries, `${tz}|${date}|${time}`, () => computeWallClockBoundary(date, time, tz))!;
}

function computeWallClockBoundary(date: string, time: string, tz: string): Date {
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

/** The salon wall-clock time ('HH:mm') of an instant. */
export function salonTimeOf(instant: InstantLike, tz: string): string {
  const t = zonedOf(instant, tz);
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}

