// From calendar-date, not salon-time: salon-time brings temporal-polyfill, which the client's first
// views (the booking page reads today) must not download (docs/decisions/009-client-bundle-budget.md).
import { salonDateOf, SALON_TIME_ZONE } from '../../domain/calendar-date';

// The last answer, by minute: pages read today on every render (the day view three times per day
// switch), and each read was an Intl formatToParts, ~1.5 ms at 4x CPU (docs/benchmarks.md). The
// salon's day starts on a whole minute, so every instant of a minute is on the same day.
let last = { minute: Number.NaN, day: '' };

/** Today's date in the salon ('YYYY-MM-DD', Europe/Madrid), whatever the device's own time zone. */
export function todayInSalon(nowMs: number = Date.now()): string {
  const minute = Math.floor(nowMs / 60_000);
  if (minute !== last.minute) last = { minute, day: salonDateOf(nowMs, SALON_TIME_ZONE) };
  return last.day;
}
