// Calendar days ('YYYY-MM-DD') and the salon day of an instant, without Temporal.
// The booking page needs only these; keeping them apart from salon-time.ts (which converts wall
// clock <-> instants with temporal-polyfill) keeps ~19 KB of polyfill out of the client's first
// views (docs/decisions/009-client-bundle-budget.md). salon-time.ts re-exports them unchanged.

export const SALON_TIME_ZONE = 'Europe/Madrid';

/** An instant as callers hold it: a Date or epoch milliseconds. */
export type InstantLike = Date | number;

export function toEpochMs(instant: InstantLike): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  return ms;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a proleptic Gregorian date (setUTCFullYear: Date.UTC maps years 0-99 to 19xx). */
function utcMidnight(y: number, m: number, d: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getTime();
}

function parts(s: string): [number, number, number] | null {
  const m = typeof s === 'string' ? ISO_DATE.exec(s) : null;
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  // A day the month does not have rolls over into the next month: refuse it.
  const t = new Date(utcMidnight(y, mo, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return [y, mo, d];
}

function format(ms: number): string {
  const t = new Date(ms);
  const y = t.getUTCFullYear();
  if (y < 0 || y > 9999) throw new RangeError('Date out of range');
  return `${String(y).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' naming a real calendar day (no 2026-02-30, no '2026-3-1', no time part). */
export function isValidIsoDate(s: string): boolean {
  return parts(s) !== null;
}

// Every four-digit ISO day is valid above, but turning the first and last of them into instants
// needs the day before or after, which a four-digit year cannot name (`GET /api/agenda?date=0000-01-01`
// answered 500). A salon day the app works with lies between these two; the server refuses anything
// else (400) and the back office's date fields apply nothing else (a half-typed year '2' is 0002).
export const FIRST_SALON_DAY = '1900-01-01';
export const LAST_SALON_DAY = '9999-12-30';

/** A real calendar day ('YYYY-MM-DD') within [FIRST_SALON_DAY, LAST_SALON_DAY]. */
export function isSalonDay(s: string): boolean {
  return isValidIsoDate(s) && s >= FIRST_SALON_DAY && s <= LAST_SALON_DAY;
}

/** 'HH:mm' from 00:00 to 23:59, two digits each. */
export function isValidTime(s: string): boolean {
  return typeof s === 'string' && HH_MM.test(s);
}

function epochDay(date: string): number {
  const p = parts(date);
  if (!p) throw new RangeError(`Invalid date: ${date}`);
  return utcMidnight(...p);
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no zone involved, so no DST effect). */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Invalid day count: ${n}`);
  return format(epochDay(date) + n * DAY_MS);
}

/** ISO day of the week of a calendar date: 1 = Monday ... 7 = Sunday. */
export function isoDayOfWeek(date: string): number {
  const js = new Date(epochDay(date)).getUTCDay(); // 0 = Sunday
  return js === 0 ? 7 : js;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

const minuteFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's map of those kept per quarter hour, emptied when it grows past 40,000 (about a year). */
function zoneCache<T>(caches: Map<string, Map<number, T>>, tz: string): Map<number, T> {
  let cache = caches.get(tz);
  if (!cache || cache.size > 40_000) caches.set(tz, (cache = new Map()));
  return cache;
}

/**
 * Minutes since the salon day's midnight on the wall clock (09:30 -> 570) of an instant. The day
 * view places 120 blocks with it on each day switch, so the zone's offset is asked of Intl rarely
 * and kept per quarter hour: offsets (Madrid's, and the +05:45 or +12:45 of other zones) and their
 * changes fall on quarter hours. A UTC day whose first and last quarters share an offset has it all
 * day (no zone changes its offset twice in a day and back), so it costs two Intl calls; a day with
 * a change is asked quarter by quarter. Intl's formatToParts per block was a tenth of the day
 * view's scripting at 4x CPU, and one per quarter still 11 ms (docs/benchmarks.md).
 */
export function salonMinuteOf(instant: InstantLike, tz: string): number {
  const ms = toEpochMs(instant);
  const offsets = zoneCache(quarterOffsets, tz);
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const first = Math.floor(quarter / QUARTERS_A_DAY) * QUARTERS_A_DAY;
    const opening = offsetAt(first, tz);
    if (opening === offsetAt(first + QUARTERS_A_DAY - 1, tz)) {
      for (let q = first; q < first + QUARTERS_A_DAY; q++) offsets.set(q, opening);
      offset = opening;
    } else {
      offset = offsetAt(quarter, tz);
      offsets.set(quarter, offset);
    }
  }
  return (utcMinuteOf(ms) + offset) % DAY_MINUTES;
}

const QUARTER_MS = 15 * 60_000;
const QUARTERS_A_DAY = 96;
const DAY_MINUTES = 1440;
/** Per zone: the wall clock's lead over UTC in minutes (0-1439) of each quarter hour asked for. */
const quarterOffsets = new Map<string, Map<number, number>>();
const utcMinuteOf = (ms: number) => ((Math.floor(ms / 60_000) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
const offsetAt = (quarter: number, tz: string) =>
  (((wallMinuteOf(quarter * QUARTER_MS, tz) - utcMinuteOf(quarter * QUARTER_MS)) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;

function wallMinuteOf(ms: number, tz: string): number {
  let f = minuteFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    minuteFormatters.set(tz, f);
  }
  let h = 0;
  let m = 0;
  for (const p of f.formatToParts(ms)) {
    if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') m = Number(p.value);
  }
  return h * 60 + m;
}

/** Per zone: the salon day of each quarter hour asked for since 1980 (below). */
const quarterDays = new Map<string, Map<number, string>>();
/** Before it, some zones' offsets were not whole quarter hours (Monrovia's -0:44:30 until 1972). */
const QUARTERS_FROM = Date.UTC(1980, 0, 1);

/**
 * The salon calendar day ('YYYY-MM-DD') of an instant. A booking asks it of the same few instants
 * several times (now, her visit's start): the answer is kept per quarter hour, since a salon day,
 * like an offset (salonMinuteOf), changes on a quarter hour. Intl's formatToParts was 2 % of the
 * app's CPU a booking under load (docs/benchmarks.md).
 */
export function salonDateOf(instant: InstantLike, tz: string): string {
  const ms = toEpochMs(instant);
  if (ms < QUARTERS_FROM) return dayOf(ms, tz);
  const days = zoneCache(quarterDays, tz);
  const quarter = Math.floor(ms / QUARTER_MS);
  let day = days.get(quarter);
  if (day === undefined) {
    day = dayOf(ms, tz);
    days.set(quarter, day);
  }
  return day;
}

function dayOf(ms: number, tz: string): string {
  let f = dayFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', era: 'short' });
    dayFormatters.set(tz, f);
  }
  let y = 0;
  let m = 0;
  let d = 0;
  let bc = false;
  for (const p of f.formatToParts(ms)) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') m = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
    else if (p.type === 'era') bc = p.value === 'BC' || p.value === 'B';
  }
  // Intl counts years by era (1 BC is ISO year 0).
  return format(utcMidnight(bc ? 1 - y : y, m, d));
}

/** '2027-12-23' → '23/12/2027': a day as Spanish readers write it (a gift card, a CSV, the Caja). */
export const spanishDate = (isoDate: string) => isoDate.split('-').reverse().join('/');
