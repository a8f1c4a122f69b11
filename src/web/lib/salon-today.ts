// From calendar-date, not salon-time: salon-time brings temporal-polyfill, which the client's first
// views (the booking page reads today) must not download (docs/decisions/009-client-bundle-budget.md).
import { salonDateOf, SALON_TIME_ZONE } from '../../domain/calendar-date';

/** Today's date in the salon ('YYYY-MM-DD', Europe/Madrid), whatever the device's own time zone. */
export const todayInSalon = (nowMs: number = Date.now()): string => salonDateOf(nowMs, SALON_TIME_ZONE);
