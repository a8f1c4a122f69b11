import { BOOKING_RATE_RULE, isWithinHorizon, selfBookingProblem } from '../../../domain/booking-limits';
import { isBookableDate, validateBookingInput } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/messages';
import { defaultSalonSettings } from '../../../domain/salon-settings';
import { dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { findSlot, generateSlots, isSlotInterval, type Slot } from '../../../domain/slots';
import { dayKeyOfDate, type DaySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { pgErrorCode } from '../../db/client';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { bookAtomically, bookingContext } from './queries';

const TZ = SALON_TIME_ZONE;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;
type BookCtx = Ctx & Pick<Deps, 'rateLimit'>;

/** The stored jsonb may be partial (hand-edited, older shape): a missing day is a day off. */
function dayOf(availability: Partial<WeeklySchedule> | null, date: string): DaySchedule {
  const d = availability?.[dayKeyOfDate(date)];
  if (!d || typeof d !== 'object') return { isWorkingDay: false, startTime: '', endTime: '', breaks: [] };
  return {
    isWorkingDay: d.isWorkingDay === true,
    startTime: String(d.startTime ?? ''),
    endTime: String(d.endTime ?? ''),
    breaks: Array.isArray(d.breaks) ? d.breaks.map((b) => ({ start: String(b?.start ?? ''), end: String(b?.end ?? '') })) : [],
  };
}

function slotInterval(interval: number | null): number {
  return isSlotInterval(interval) ? interval : defaultSalonSettings().appointmentTimeSlotInterval;
}

/**
 * The service, the chosen professional (the employee RECORD id of step 1), the salon's interval
 * and, for the slot list, the professional's busy time that day: one round trip
 * (`bookingContext`). Checked in the order a client would meet the problems: service gone,
 * professional gone, not offering it.
 */
async function resolve(db: Deps['db'], q: { serviceId: string; professionalId: string; date: string }, withBusy: boolean, client?: { id: string; now: Date }) {
  if (!UUID.test(q.serviceId)) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const { start, end } = dayBounds(q.date, TZ);
  const validEmployee = UUID.test(q.professionalId);
  const context = await bookingContext(db, {
    serviceId: q.serviceId,
    // A malformed professional id still lets the service be checked first.
    professionalId: validEmployee ? q.professionalId : '00000000-0000-0000-0000-000000000000',
    from: start,
    to: end,
    withBusy,
    clientId: client?.id,
    now: client?.now,
  });
  const { service } = context;
  if (!service) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const employee = validEmployee ? context.employee : null;
  if (!employee || !employee.isActive) throw new ApiError(404, 'employee_unavailable', MSG.employeeInactive);
  if (!employee.offers) throw badRequest(MSG.serviceNotOffered, 'service_not_offered');
  return {
    service,
    employee,
    interval: slotInterval(context.interval),
    busy: context.busy,
    limits: { horizonDays: context.horizonDays, maxFutureAppointments: context.maxFutureAppointments, futureConfirmed: context.clientFutureConfirmed },
  };
}

/** Slots the schedule offers on `date`, with `busy` time taken out (SPEC §5 Slot generation). */
function offeredSlots(
  ctx: Ctx,
  args: { date: string; duration: number; availability: Partial<WeeklySchedule> | null; interval: number; busy: Array<{ start: Date; end: Date }>; horizonDays?: number | null },
): Slot[] {
  const now = ctx.now();
  const today = salonDateOf(now, TZ);
  if (!isBookableDate(args.date, today)) return [];
  // Beyond the salon's horizon (ADR 025) the grid is empty, as the booking would be refused.
  if (args.horizonDays !== undefined && !isWithinHorizon(args.date, today, args.horizonDays ?? defaultSalonSettings().bookingHorizonDays)) return [];
  return generateSlots({
    date: args.date,
    day: dayOf(args.availability, args.date),
    intervalMinutes: args.interval,
    durationMinutes: args.duration,
    busy: args.busy,
    now,
    tz: TZ,
  });
}

export async function availableSlots(ctx: Ctx, q: { serviceId: string; professionalId: string; date: string }) {
  const { service, employee, interval, busy, limits } = await resolve(ctx.db, q, true);
  const slots = offeredSlots(ctx, {
    horizonDays: limits.horizonDays,
    date: q.date,
    duration: service.duration,
    availability: employee.availability,
    interval,
    // An employee without an account cannot hold appointments (they are keyed by user id).
    busy: employee.userId ? busy : [],
  });
  return { date: q.date, slots: slots.map((s) => ({ time: s.time, start: s.start.toISOString() })) };
}

export type BookingRequest = { serviceId: string; professionalId: string; date: string; time: string; notes?: string };

/**
 * SPEC §5 Booking. The client is the session's user; names, price and duration come from the
 * database. The time must be one the schedule offers that day; whether someone else holds it is
 * left to the exclusion constraint, so 50 simultaneous requests give exactly one appointment and
 * 49 "acaba de ser reservado" answers (a read-then-insert check would race).
 */
export async function book(ctx: BookCtx, user: SessionUser, req: BookingRequest) {
  const now = ctx.now();
  const { service, employee, interval, limits } = await resolve(ctx.db, req, false, { id: user.id, now });
  const problem = validateBookingInput({
    clientId: user.id,
    employeeId: req.professionalId,
    serviceId: req.serviceId,
    date: req.date,
    time: req.time,
    durationMinutes: service.duration,
  });
  if (problem) throw badRequest(problem);
  if (!employee.userId) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');

  const schedule = offeredSlots(ctx, {
    date: req.date,
    duration: service.duration,
    availability: employee.availability,
    interval,
    busy: [],
  });
  const slot = findSlot(schedule, req.time);
  if (!slot) throw badRequest(MSG.slotNotOffered, 'slot_not_offered');

  // Booking abuse (issue 16, ADR 025): the client's own booking is within the salon's horizon
  // and cap, and attempts per account are limited in the store every instance shares. A staff
  // booking for a client (front desk) does not come through here and is exempt from the cap.
  const limited = selfBookingProblem({ date: req.date, today: salonDateOf(now, TZ), ...limits });
  if (limited) throw new ApiError(limited === MSG.bookingCapReached ? 409 : 400, limited === MSG.bookingCapReached ? 'booking_cap_reached' : 'beyond_booking_horizon', limited);
  const rate = await ctx.rateLimit.consume(`booking:${user.id}`, BOOKING_RATE_RULE);
  if (!rate.allowed) throw new ApiError(429, 'too_many_bookings', MSG.bookingTooFast);

  const employeeUserId = employee.userId;
  try {
    // One statement: the professional's row re-read FOR SHARE (ADR 004: an unlink in progress
    // cannot leave the appointment on the old account) and the insert.
    const args = {
      employeeRecordId: employee.id,
      expectedUserId: employeeUserId,
      values: {
        clientId: user.id,
        clientName: user.name || user.email.split('@')[0] || user.email,
        clientEmail: user.email,
        employeeName: employee.name,
        serviceId: service.id,
        serviceName: service.name,
        serviceDuration: service.duration,
        price: service.price,
        startTime: slot.start,
        endTime: slot.end,
        notes: req.notes?.trim() ?? '',
      },
    };
    // Two bookings racing for the same time can each find the other's uncommitted row in the
    // exclusion check and wait on each other; PostgreSQL then aborts one with a deadlock (40P01)
    // (seen under npm run bench). That one simply tries again: by then the other has committed
    // (and this one gets 23P01, answered 409 below) or rolled back (and this one books); twice at most.
    const attempt = (left: number): ReturnType<typeof bookAtomically> =>
      bookAtomically(ctx.db, args).catch((err: unknown) => {
        if (left > 0 && pgErrorCode(err) === '40P01') return attempt(left - 1);
        throw err;
      });
    const result = await attempt(2);
    if (!result.current?.isActive) throw new ApiError(404, 'employee_unavailable', MSG.employeeInactive);
    if (result.current.userId !== employeeUserId || !result.row) throw conflict(MSG.employeeNoAccount, 'employee_account_changed');
    ctx.realtime.publish({ type: 'appointments', employeeId: employeeUserId, dates: [req.date] });
    return result.row;
  } catch (err) {
    if (pgErrorCode(err) === '23P01') throw conflict(MSG.slotTaken, 'slot_taken');
    throw err;
  }
}
