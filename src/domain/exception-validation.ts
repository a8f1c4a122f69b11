import type { SalonException, TimeOff } from './availability';
import { isValidIsoDate, isValidTime } from './salon-time';
import { STAFF_MSG } from './texts/staff';
import { toMinutes } from './weekly-schedule';

// What a salon closure, special hours, a professional's time off or a block may hold (ADR 023):
// the dates in order and at most a year, the times a real span. Apart from availability.ts,
// which reads these periods, because the forms' checks are not the availability rule.

const MAX_RANGE_DAYS = 366;

function rangeProblem(startDate: string, endDate: string): string | null {
  if (!isValidIsoDate(startDate) || !isValidIsoDate(endDate) || endDate < startDate) return STAFF_MSG.exceptionDatesInvalid;
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return days >= MAX_RANGE_DAYS ? STAFF_MSG.exceptionRangeTooLong : null;
}

function timesProblem(startTime: string | null, endTime: string | null, required: boolean): string | null {
  if (startTime === null && endTime === null && !required) return null;
  if (startTime === null || endTime === null || !isValidTime(startTime) || !isValidTime(endTime)) return STAFF_MSG.exceptionTimesInvalid;
  return toMinutes(endTime) > toMinutes(startTime) ? null : STAFF_MSG.exceptionTimesInvalid;
}

/** The first problem of a salon closure / special hours, or null. */
export function validateSalonException(e: SalonException): string | null {
  if (e.kind === 'closed' && !e.reason.trim()) return STAFF_MSG.exceptionReasonRequired;
  return rangeProblem(e.startDate, e.endDate) ?? (e.kind === 'special_hours' ? timesProblem(e.startTime, e.endTime, true) : null);
}

/** The first problem of a time off, or null (the reason is optional). */
export function validateTimeOff(t: TimeOff): string | null {
  return rangeProblem(t.startDate, t.endDate) ?? timesProblem(t.startTime, t.endTime, false);
}
