import { addDays, isoDayOfWeek, salonDateOf, SALON_TIME_ZONE } from '../../src/domain/calendar-date';
import { wallClockToInstant } from '../../src/domain/salon-time';

// Days for the tests whose server clock (`startTestServer({ now })`) must lie ahead of the REAL
// clock: graphile-worker and PostgreSQL run on the real one, so a reminder due "tomorrow" of a
// fixed 2027 date would run at once once that date is past, and a CI run on a later clone failed.
// Every day here is computed from the real today in Madrid, on the salon's calendar (no DST
// arithmetic on instants), and never depends on which weekday today is.

/** Today in the salon (Europe/Madrid) by the real clock. */
export const salonToday = (now: number = Date.now()): string => salonDateOf(now, SALON_TIME_ZONE);

/** The first day at least `minDays` after `from` that is ISO weekday `dow` (1 Monday ... 7 Sunday). */
export function nextWeekday(dow: number, from: string = salonToday(), minDays = 1): string {
  let day = addDays(from, minDays);
  while (isoDayOfWeek(day) !== dow) day = addDays(day, 1);
  return day;
}

/** The instant the salon's clock reads `time` on `date`. */
export function madrid(date: string, time: string): Date {
  const at = wallClockToInstant(date, time, SALON_TIME_ZONE);
  if (!at) throw new RangeError(`${date} ${time} does not exist in Madrid`);
  return at;
}

/** `instant` moved by whole hours of real time (a reminder "24 hours before"). */
export const hoursBefore = (instant: Date, hours: number): Date => new Date(instant.getTime() - hours * 3_600_000);

/**
 * The Saturday before the next spring-forward Sunday after `from` (the last Sunday of March, when
 * Madrid goes from CET, UTC+1, to CEST, UTC+2): for the tests that cross that night on purpose.
 */
export function springForwardSaturday(from: string = salonToday()): string {
  for (let year = Number(from.slice(0, 4)); ; year++) {
    let sunday = `${year}-03-31`;
    while (isoDayOfWeek(sunday) !== 7) sunday = addDays(sunday, -1);
    const saturday = addDays(sunday, -1);
    if (saturday > from) return saturday;
  }
}

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A day as the messages write it: 'lunes, 15 de marzo de 2027', or without the year. */
export function spanishDay(date: string, withYear = true): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[isoDayOfWeek(date) - 1]}, ${d} de ${MONTHS[m - 1]}${withYear ? ` de ${y}` : ''}`;
}
