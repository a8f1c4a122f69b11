import { salonDateOf, SALON_TIME_ZONE } from '../../domain/salon-time';

/** Today's date in the salon ('YYYY-MM-DD', Europe/Madrid), whatever the device's own time zone. */
export const todayInSalon = (nowMs: number = Date.now()): string => salonDateOf(nowMs, SALON_TIME_ZONE);
