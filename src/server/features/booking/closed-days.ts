import { closedLabelForStaff } from '../../../domain/availability';
import { lastBookableDate } from '../../../domain/booking-limits';
import { addDays } from '../../../domain/calendar-date';
import { isStaffRole } from '../../../domain/roles';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { closedDays, isEmployeeRecordOf } from '../../availability/exceptions';
import { bookingHorizonDays } from '../../db/salon-settings';
import type { SessionUser } from '../../http/env';
import { badRequest } from '../../http/errors';
import { isId } from '../../http/params';
import type { Ctx } from './slot-engine';

/** At most this many days per calendar request (a month view needs 42). */
const CALENDAR_MAX_DAYS = 62;

/**
 * The booking calendar's unavailable days for a professional: salon closures and whole-day time
 * off (ADR 023). Clients see only that the day is unavailable; staff also see why ('Cerrado: Reyes').
 */
export async function unavailableDays(ctx: Ctx, user: SessionUser, q: { professionalId: string; from: string; to: string }) {
  const span = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
  if (!(span >= 0 && span < CALENDAR_MAX_DAYS)) throw badRequest(MSG.invalidInput);
  const staff = isStaffRole(user.role);
  const recordId = isId(q.professionalId) ? q.professionalId : null;
  const [days, horizon] = await Promise.all([closedDays(ctx.db, recordId, q.from, q.to), bookingHorizonDays(ctx.db)]);
  // A time off's reason (possibly health) only for the admin and the professional herself.
  const seesReason = user.role === 'admin' || (staff && recordId !== null && days.some((d) => d.kind === 'time_off') && (await isEmployeeRecordOf(ctx.db, recordId, user.id)));
  // Days past the salon's horizon are not bookable either (ADR 025); the calendar says why, to
  // everyone (it is the salon's rule, not a private reason), instead of a day with no times (ADR 031).
  const lastDate = lastBookableDate(salonDateOf(ctx.now(), SALON_TIME_ZONE), horizon);
  const note = STAFF_MSG.bookingHorizonNote(horizon);
  const closed: Array<{ date: string; label?: string }> = days
    .filter((d) => d.date <= lastDate)
    .map((d) => (staff ? { date: d.date, label: closedLabelForStaff(d, seesReason) } : { date: d.date }));
  for (let d = lastDate < q.from ? q.from : addDays(lastDate, 1); d <= q.to; d = addDays(d, 1)) closed.push({ date: d, label: note });
  return { days: closed, horizonNote: q.to > lastDate ? note : null };
}
