import { isValidIsoDate } from '../../domain/salon-time';

// The domain accepts every four-digit ISO day (0000-01-01 … 9999-12-31), but turning the first
// and last of them into instants needs the day before or after, which a four-digit year cannot
// name: `GET /api/agenda?date=0000-01-01` answered 500 (test/hostile-input.int.test.ts). A salon
// day the server works with lies between these two; anything else is invalid input (400).
export const FIRST_SALON_DAY = '1900-01-01';
export const LAST_SALON_DAY = '9999-12-30';

/** A real calendar day ('YYYY-MM-DD') within [FIRST_SALON_DAY, LAST_SALON_DAY]. */
export function isSalonDay(s: string): boolean {
  return isValidIsoDate(s) && s >= FIRST_SALON_DAY && s <= LAST_SALON_DAY;
}
