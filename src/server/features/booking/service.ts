import { availableSlots as availabilityOf, checkBookable, type Exceptions } from '../../../domain/availability';
import { BOOKING_RATE_RULE, capOf, capReached, clientMoveProblem, horizonOf, isWithinHorizon, lastBookableDate, RESCHEDULE_RATE_RULE, selfBookingProblem, type LimitProblem } from '../../../domain/booking-limits';
import { isBookableDate, validateBookingInput } from '../../../domain/booking-rules';
import { isStaffRole } from '../../../domain/roles';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { slotIntervalOf, type Slot } from '../../../domain/slots';
import { dayScheduleOf, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { closedLabelForStaff } from '../../../domain/availability';
import { addDays } from '../../../domain/calendar-date';
import { closedDays, isEmployeeRecordOf } from '../../availability/exceptions';
import { bookingKey } from '../../auth/rate-limit-keys';
import { pgErrorCode } from '../../db/client';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { canClientCancel, DEFAULT_CANCELLATION_POLICY_HOURS } from '../../../domain/appointment-status';
import { canReschedule, mayManageAgenda } from '../../../domain/front-desk-rules';
import { bookAtomically, bookForClient, bookingContext, bookingHorizonDays, cancellationHours, clientRecord, movableAppointment, moveAppointment, type MovableAppointment } from './queries';
import { isId } from '../../http/params';

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;
type BookCtx = Ctx & Pick<Deps, 'rateLimit'>;


/**
 * The service, the chosen professional (the employee RECORD id of step 1), the salon's interval
 * and, for the slot list, the professional's busy time that day: one round trip
 * (`bookingContext`). Checked in the order a client would meet the problems: service gone,
 * professional gone, not offering it.
 */
async function resolve(db: Deps['db'], q: { serviceId: string; professionalId: string; date: string }, withBusy: boolean, client?: { id: string; now: Date }) {
  if (!isId(q.serviceId)) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const { start, end } = dayBounds(q.date, SALON_TIME_ZONE);
  const validEmployee = isId(q.professionalId);
  const context = await bookingContext(db, {
    serviceId: q.serviceId,
    // A malformed professional id still lets the service be checked first.
    professionalId: validEmployee ? q.professionalId : '00000000-0000-0000-0000-000000000000',
    date: q.date,
    from: start,
    to: end,
    withBusy,
    clientId: client?.id,
    now: client?.now,
  });
  const { service } = context;
  if (!service) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const employee = validEmployee ? context.employee : null;
  if (!employee || !employee.isActive) throw new ApiError(404, 'employee_unavailable', STAFF_MSG.employeeInactive);
  if (!employee.offers) throw badRequest(STAFF_MSG.serviceNotOffered, 'service_not_offered');
  return {
    service,
    employee,
    interval: slotIntervalOf(context.interval),
    busy: context.busy,
    exceptions: context.exceptions,
    limits: { horizonDays: context.horizonDays, maxFutureAppointments: context.maxFutureAppointments, futureConfirmed: context.clientFutureConfirmed },
  };
}

type SlotArgs = { date: string; duration: number; availability: Partial<WeeklySchedule> | null; interval: number; busy: Array<{ start: Date; end: Date }>; exceptions: Exceptions };

/** The one availability rule of src/domain/availability.ts, as the slot list and the booking check both ask it. */
function availabilityInput(ctx: Ctx, args: SlotArgs) {
  return {
    date: args.date,
    weekly: dayScheduleOf(args.availability, args.date),
    exceptions: args.exceptions,
    intervalMinutes: args.interval,
    durationMinutes: args.duration,
    busy: args.busy,
    now: ctx.now(),
    tz: SALON_TIME_ZONE,
  };
}

const bookableDay = (ctx: Ctx, date: string) => isBookableDate(date, salonDateOf(ctx.now(), SALON_TIME_ZONE));

/** Slots offered on `date` (SPEC §5 Slot generation, with closures and time off taken out). */
function offeredSlots(ctx: Ctx, args: SlotArgs): Slot[] {
  if (!bookableDay(ctx, args.date)) return [];
  return availabilityOf(availabilityInput(ctx, args));
}

/**
 * The booking-time side of the one availability rule (client booking, staff booking, reschedule):
 * a time the schedule never offers is a 400; one a closure or a time off takes away is a 409 with
 * its Spanish text (issue 15). Whether someone holds the time is the exclusion constraint's call.
 */
function checkedSlot(ctx: Ctx, args: SlotArgs, time: string): Slot {
  if (!bookableDay(ctx, args.date)) throw badRequest(MSG.slotNotOffered, 'slot_not_offered');
  const check = checkBookable(availabilityInput(ctx, args), time);
  if (check.ok) return check.slot;
  if (check.code === 'slot_not_offered') throw badRequest(MSG.slotNotOffered, 'slot_not_offered');
  throw conflict(check.message, check.code);
}

export async function availableSlots(ctx: Ctx, q: { serviceId: string; professionalId: string; date: string }) {
  const { service, employee, interval, busy, exceptions, limits } = await resolve(ctx.db, q, true);
  // Beyond the salon's horizon (ADR 025) a client's grid is empty, as the booking would be refused.
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  if (!isWithinHorizon(q.date, today, horizonOf(limits.horizonDays))) return { date: q.date, slots: [] };
  const slots = offeredSlots(ctx, {
    date: q.date,
    duration: service.duration,
    availability: employee.availability,
    interval,
    exceptions,
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
  const { service, employee, interval, exceptions, limits } = await resolve(ctx.db, req, false, { id: user.id, now });
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

  const slot = checkedSlot(ctx, { date: req.date, duration: service.duration, availability: employee.availability, interval, busy: [], exceptions }, req.time);
  // Booking abuse (issue 16, ADR 025): the client's own booking is within the salon's horizon
  // and cap, and attempts per account are limited in the store every instance shares. A staff
  // booking for a client (front desk, bookForClientRecord) does not come through here and is exempt.
  const limited = selfBookingProblem({ date: req.date, today: salonDateOf(now, SALON_TIME_ZONE), ...limits });
  if (limited) throw new ApiError(limited.status, limited.code, limited.message);
  const rate = await ctx.rateLimit.consume(bookingKey(user.id), BOOKING_RATE_RULE);
  if (!rate.allowed) throw new ApiError(429, 'too_many_bookings', STAFF_MSG.bookingTooFast);

  const employeeUserId = employee.userId;
  try {
    // One statement: the professional's row re-read FOR SHARE (ADR 004: an unlink in progress
    // cannot leave the appointment on the old account) and the insert.
    const cap = capOf(limits.maxFutureAppointments);
    const args = {
      now,
      // The statement counts her future appointments again under a lock on her (ADR 031): the
      // check above read them before, and simultaneous bookings of one client would all pass it.
      maxFutureAppointments: cap,
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
    const result = await retryDeadlock(() => bookAtomically(ctx.db, args));
    if (!result.current?.isActive) throw new ApiError(404, 'employee_unavailable', STAFF_MSG.employeeInactive);
    if (result.current.userId !== employeeUserId) throw conflict(MSG.employeeNoAccount, 'employee_account_changed');
    if (!result.row) {
      if (result.clientFuture >= cap) {
        const refused = capReached(result.clientFuture, cap);
        throw new ApiError(refused.status, refused.code, refused.message);
      }
      throw conflict(MSG.employeeNoAccount, 'employee_account_changed');
    }
    ctx.realtime.publish({ type: 'appointments', employeeId: employeeUserId, dates: [req.date] });
    return result.row;
  } catch (err) {
    if (pgErrorCode(err) === '23P01') throw conflict(MSG.slotTaken, 'slot_taken');
    throw err;
  }
}

/** At most this many days per calendar request (a month view needs 42). */
const CALENDAR_MAX_DAYS = 62;

/**
 * The booking calendar's unavailable days for a professional: salon closures and whole-day time
 * off. Clients see only that the day is unavailable; staff also see why ('Cerrado: Reyes').
 */
export async function unavailableDays(ctx: Ctx, user: SessionUser, q: { professionalId: string; from: string; to: string }) {
  const span = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
  if (!(span >= 0 && span < CALENDAR_MAX_DAYS)) throw badRequest(MSG.invalidInput);
  const staff = isStaffRole(user.role);
  const recordId = isId(q.professionalId) ? q.professionalId : null;
  const [days, horizonSetting] = await Promise.all([closedDays(ctx.db, recordId, q.from, q.to), bookingHorizonDays(ctx.db)]);
  // A time off's reason (possibly health) only for the admin and the professional herself.
  const seesReason = user.role === 'admin' || (staff && recordId !== null && days.some((d) => d.kind === 'time_off') && (await isEmployeeRecordOf(ctx.db, recordId, user.id)));
  // Days past the salon's horizon are not bookable either (ADR 025); the calendar says why, to
  // everyone (it is the salon's rule, not a private reason), instead of a day with no times (ADR 031).
  const horizon = horizonOf(horizonSetting);
  const lastDate = lastBookableDate(salonDateOf(ctx.now(), SALON_TIME_ZONE), horizon);
  const note = STAFF_MSG.bookingHorizonNote(horizon);
  const closed: Array<{ date: string; label?: string }> = days
    .filter((d) => d.date <= lastDate)
    .map((d) => (staff ? { date: d.date, label: closedLabelForStaff(d, seesReason) } : { date: d.date }));
  for (let d = lastDate < q.from ? q.from : addDays(lastDate, 1); d <= q.to; d = addDays(d, 1)) closed.push({ date: d, label: note });
  return { days: closed, horizonNote: q.to > lastDate ? note : null };
}

// ---- issue 13: the front desk books for a client and moves appointments ----

export type SlotRequest = { serviceId: string; professionalId: string; date: string; time: string };

/**
 * THE availability check of the front desk (staff booking and every reschedule): the service,
 * the professional and the time must be what the slot engine offers that day. Whether someone
 * holds the time is left to the exclusion constraint. The same availability rule as the client's
 * booking (closures, special hours and time off included: issue 15).
 * `durationMinutes`: a moved appointment keeps its own length.
 */
export async function bookableSlot(ctx: Ctx, req: SlotRequest, durationMinutes?: number) {
  const { service, employee, interval, exceptions, limits } = await resolve(ctx.db, req, false);
  const duration = durationMinutes ?? service.duration;
  const problem = validateBookingInput({ clientId: 'salon', employeeId: req.professionalId, serviceId: req.serviceId, date: req.date, time: req.time, durationMinutes: duration });
  if (problem) throw badRequest(problem);
  if (!employee.userId) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');
  const slot = checkedSlot(ctx, { date: req.date, duration, availability: employee.availability, interval, busy: [], exceptions }, req.time);
  return { service, employee: { ...employee, userId: employee.userId }, slot, horizonDays: limits.horizonDays };
}

/** 40P01 (two writers waiting on each other's uncommitted rows): try again, twice at most. */
async function retryDeadlock<T>(fn: () => Promise<T>, left = 2): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (left > 0 && pgErrorCode(err) === '40P01') return retryDeadlock(fn, left - 1);
    throw err;
  }
}

export type StaffBookingRequest = SlotRequest & { clientId: string; notes?: string };

/**
 * Issue 13: the staff book for a salon client record (a phone or walk-in client, with or without
 * an account). The admin books on any agenda, an employee only on their own (403). Same slot
 * engine, same exclusion constraint, same 409 text on a race; the appointment records who booked.
 */
export async function bookForClientRecord(ctx: Ctx, actor: SessionUser, req: StaffBookingRequest) {
  const record = isId(req.clientId) ? await clientRecord(ctx.db, req.clientId) : undefined;
  if (!record) throw notFound(STAFF_MSG.clientNotFound);
  const { service, employee, slot } = await bookableSlot(ctx, req);
  if (!mayManageAgenda(actor.role, actor.id, employee.userId)) throw forbidden(STAFF_MSG.notOwnAgenda);
  try {
    const result = await retryDeadlock(() =>
      bookForClient(ctx.db, {
        now: ctx.now(),
        employeeRecordId: employee.id,
        expectedUserId: employee.userId,
        clientRecordId: record.id,
        bookedByUserId: actor.id,
        values: {
          clientId: record.userId ?? '',
          clientName: record.name,
          clientEmail: record.email ?? '',
          employeeName: employee.name,
          serviceId: service.id,
          serviceName: service.name,
          serviceDuration: service.duration,
          price: service.price,
          startTime: slot.start,
          endTime: slot.end,
          notes: req.notes?.trim() ?? '',
        },
      }),
    );
    if (!result.current?.isActive) throw new ApiError(404, 'employee_unavailable', STAFF_MSG.employeeInactive);
    if (result.current.userId !== employee.userId || !result.row) throw conflict(MSG.employeeNoAccount, 'employee_account_changed');
    ctx.realtime.publish({ type: 'appointments', employeeId: employee.userId, dates: [req.date] });
    return result.row;
  } catch (err) {
    if (pgErrorCode(err) === '23P01') throw conflict(MSG.slotTaken, 'slot_taken');
    throw err;
  }
}

type MoveMode = 'staff' | 'client';

/**
 * Who may move this appointment and how (issue 13): the admin any; an employee their own
 * agenda's (another employee's is 403); its client their own (under the cancelling policy);
 * anyone else gets 404, as for an id that does not exist.
 */
async function movableFor(ctx: Ctx, actor: SessionUser, id: string): Promise<{ found: MovableAppointment; mode: MoveMode }> {
  const found = isId(id) ? await movableAppointment(ctx.db, id) : undefined;
  if (!found) throw notFound(STAFF_MSG.appointmentNotFound);
  if (actor.role === 'admin') return { found, mode: 'staff' };
  if (actor.role === 'employee' && found.employeeId === actor.id) return { found, mode: 'staff' };
  if (found.clientId === actor.id) return { found, mode: 'client' };
  if (actor.role === 'employee') throw forbidden(STAFF_MSG.notOwnAgenda);
  throw notFound(STAFF_MSG.appointmentNotFound);
}

async function checkMayMove(ctx: Ctx, found: MovableAppointment, mode: MoveMode) {
  if (mode === 'client') {
    const hours = (await cancellationHours(ctx.db)) ?? DEFAULT_CANCELLATION_POLICY_HOURS;
    const check = canClientCancel(found, ctx.now(), hours);
    if (!check.ok) {
      if (check.reason === 'window') throw conflict(STAFF_MSG.rescheduleTooLate(hours), 'reschedule_too_late');
      throw conflict(STAFF_MSG.rescheduleNotAllowed, 'reschedule_not_allowed');
    }
  } else if (!canReschedule(found.status)) {
    throw conflict(STAFF_MSG.rescheduleNotAllowed, 'reschedule_not_allowed');
  }
}

/** The times the slot engine offers for moving this appointment (its own time counts as free). */
export async function rescheduleSlots(ctx: Ctx, actor: SessionUser, id: string, q: { professionalId: string; date: string }) {
  const { found, mode } = await movableFor(ctx, actor, id);
  if (!found.serviceId) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const { service, employee, interval, busy, exceptions, limits } = await resolve(ctx.db, { serviceId: found.serviceId, professionalId: q.professionalId, date: q.date }, true);
  if (mode === 'staff' && !mayManageAgenda(actor.role, actor.id, employee.userId)) throw forbidden(STAFF_MSG.notOwnAgenda);
  // A client's move meets the booking horizon (ADR 031): beyond it her grid is empty, as for a booking.
  if (mode === 'client' && !isWithinHorizon(q.date, salonDateOf(ctx.now(), SALON_TIME_ZONE), horizonOf(limits.horizonDays))) return { date: q.date, slots: [] };
  const own = (b: { start: Date; end: Date }) =>
    employee.userId === found.employeeId && b.start.getTime() === found.startTime.getTime() && b.end.getTime() === found.endTime.getTime();
  const slots = offeredSlots(ctx, {
    date: q.date,
    duration: found.serviceDuration || service.duration,
    availability: employee.availability,
    interval,
    exceptions,
    busy: employee.userId ? busy.filter((b) => !own(b)) : [],
  });
  return { date: q.date, slots: slots.map((s) => ({ time: s.time, start: s.start.toISOString() })) };
}

export type RescheduleRequest = { professionalId: string; date: string; time: string };

/**
 * Issue 13: move a confirmed appointment to another time and/or professional. It keeps its id
 * and gets an audit row; one transaction; the exclusion constraint decides a race (the loser's
 * data is untouched, 409 with the booking's text). Live events for the old and the new place.
 */
export async function reschedule(ctx: BookCtx, actor: SessionUser, id: string, req: RescheduleRequest) {
  const { found, mode } = await movableFor(ctx, actor, id);
  await checkMayMove(ctx, found, mode);
  if (!found.serviceId) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const { employee, slot, horizonDays } = await bookableSlot(ctx, { serviceId: found.serviceId, ...req }, found.serviceDuration);
  if (mode === 'staff' && !mayManageAgenda(actor.role, actor.id, employee.userId)) throw forbidden(STAFF_MSG.notOwnAgenda);
  const at = ctx.now();
  // A client's own move (ADR 031): the booking horizon, moves per account and hour in the shared
  // store (each move mails the professional), and moves per appointment counted under its lock.
  // The salon's moves are its own calendar and are not limited.
  let limitMove: ((movesSoFar: number) => LimitProblem | null) | undefined;
  if (mode === 'client') {
    limitMove = (movesSoFar) => clientMoveProblem({ date: req.date, today: salonDateOf(at, SALON_TIME_ZONE), horizonDays, movesSoFar });
    const early = limitMove(0);
    if (early) throw new ApiError(early.status, early.code, early.message);
    const rate = await ctx.rateLimit.consume(`reschedule:${actor.id}`, RESCHEDULE_RATE_RULE);
    if (!rate.allowed) throw new ApiError(429, 'too_many_reschedules', STAFF_MSG.rescheduleTooFast);
  }
  let result: Awaited<ReturnType<typeof moveAppointment>>;
  try {
    result = await retryDeadlock(() =>
      ctx.db.transaction((tx) =>
        moveAppointment(tx, {
          seen: found,
          employeeRecordId: employee.id,
          expectedUserId: employee.userId,
          employeeName: employee.name,
          startTime: slot.start,
          endTime: slot.end,
          by: { userId: actor.id, name: actor.name || actor.email, role: mode === 'client' ? 'client' : actor.role },
          at,
          clientMoveProblem: limitMove,
        }),
      ),
    );
  } catch (err) {
    if (pgErrorCode(err) === '23P01') throw conflict(MSG.slotTaken, 'slot_taken');
    throw err;
  }
  if (result.outcome === 'changed') throw conflict(STAFF_MSG.rescheduleNotAllowed, 'reschedule_not_allowed');
  if (result.outcome === 'refused') throw new ApiError(result.problem.status, result.problem.code, result.problem.message);
  if (result.outcome === 'employee_unavailable') throw new ApiError(404, 'employee_unavailable', STAFF_MSG.employeeInactive);
  if (result.outcome === 'employee_account_changed') throw conflict(MSG.employeeNoAccount, 'employee_account_changed');
  const oldDate = salonDateOf(found.startTime, SALON_TIME_ZONE);
  if (found.employeeId === employee.userId) {
    ctx.realtime.publish({ type: 'appointments', employeeId: employee.userId, dates: [...new Set([oldDate, req.date])] });
  } else {
    ctx.realtime.publish({ type: 'appointments', employeeId: found.employeeId, dates: [oldDate] });
    ctx.realtime.publish({ type: 'appointments', employeeId: employee.userId, dates: [req.date] });
  }
  const row = result.row;
  return { id: row.id, startTime: row.startTime, endTime: row.endTime, status: row.status, serviceName: row.serviceName, employeeName: row.employeeName, price: row.price };
}
