// From calendar-date, not salon-time: salon-time brings temporal-polyfill, which the client's first
// views (the booking page reads today) must not download (docs/decisions/009-client-bundle-budget.md).
import { salonDateOf, SALON_TIME_ZONE } from '../../domain/calendar-date';

// The last answer, by quarter hour: pages read today on every render (the day view on every day
// switch), and each read is an Intl formatToParts, 1.5 ms at 4x CPU on a quiet machine and 19 ms on
// a busy one (docs/benchmarks.md), paid by the click that happened to start a new period. The
// salon's day starts at midnight, a whole quarter hour of UTC in every zone (offsets are whole
// quarter hours), so every instant of a quarter hour is on the same day.
const QUARTER_MS = 15 * 60_000;
let last = { quarter: Number.NaN, day: '' };

/** Today's date in the salon ('YYYY-MM-DD', Europe/Madrid), whatever the device's own time zone. */
export function todayInSalon(nowMs: number = Date.now()): string {
  const quarter = Math.floor(nowMs / QUARTER_MS);
  if (quarter !== last.quarter) last = { quarter, day: salonDateOf(nowMs, SALON_TIME_ZONE) };
  return last.day;
}
