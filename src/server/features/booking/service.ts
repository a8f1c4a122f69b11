import { isBookableDate, validateBookingInput } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/messages';
import { defaultSalonSettings } from '../../../domain/salon-settings';
import { dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { findSlot, generateSlots, isSlotInterval, type Slot } from '../../../domain/slots';
import { dayKeyOfDate, type DaySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { pgErrorCode } from '../../db/client';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { notify } from '../../realtime/notify';
import { activeServiceById, blockingAppointments, employeeForService, insertAppointment, lockEmployeeForBooking, salonSettingsRow } from './queries';

const TZ = SALON_TIME_ZONE;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ctx = Pick<Deps, 'db' | 'now'>;

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

async function slotInterval(db: Deps['db']): Promise<number> {
  const row = await salonSettingsRow(db);
  return row && isSlotInterval(row.interval) ? row.interval : defaultSalonSettings().appointmentTimeSlotInterval;
}

/**
 * The service and the chosen professional (the employee RECORD id of step 1), checked in the
 * order a client would meet the problems: service gone, professional gone, not offering it.
 */
async function resolve(db: Deps['db'], serviceId: string, professionalId: string) {
  const service = UUID.test(serviceId) ? await activeServiceById(db, serviceId) : undefined;
  if (!service) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const employee = UUID.test(professionalId) ? await employeeForService(db, professionalId, serviceId) : undefined;
  if (!employee || !employee.isActive) throw new ApiError(404, 'employee_unavailable', MSG.employeeInactive);
  if (!employee.offers) throw badRequest(MSG.serviceNotOffered, 'service_not_offered');
  return { service, employee };
}

/** Slots the schedule offers on `date`, with `busy` time taken out (SPEC §5 Slot generation). */
async function offeredSlots(
  ctx: Ctx,
  args: { date: string; duration: number; availability: Partial<WeeklySchedule> | null; employeeUserId: string | null; withBusy: boolean },
): Promise<Slot[]> {
  const now = ctx.now();
  if (!isBookableDate(args.date, salonDateOf(now, TZ))) return [];
  const { start, end } = dayBounds(args.date, TZ);
  // An employee without an account cannot hold appointments (they are keyed by user id).
  const busy = args.withBusy && args.employeeUserId ? await blockingAppointments(ctx.db, args.employeeUserId, start, end) : [];
  return generateSlots({
    date: args.date,
    day: dayOf(args.availability, args.date),
    intervalMinutes: await slotInterval(ctx.db),
    durationMinutes: args.duration,
    busy,
    now,
    tz: TZ,
  });
}

export async function availableSlots(ctx: Ctx, q: { serviceId: string; professionalId: string; date: string }) {
  const { service, employee } = await resolve(ctx.db, q.serviceId, q.professionalId);
  const slots = await offeredSlots(ctx, {
    date: q.date,
    duration: service.duration,
    availability: employee.availability,
    employeeUserId: employee.userId,
    withBusy: true,
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
export async function book(ctx: Ctx, user: SessionUser, req: BookingRequest) {
  const { service, employee } = await resolve(ctx.db, req.serviceId, req.professionalId);
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

  const schedule = await offeredSlots(ctx, {
    date: req.date,
    duration: service.duration,
    availability: employee.availability,
    employeeUserId: employee.userId,
    withBusy: false,
  });
  const slot = findSlot(schedule, req.time);
  if (!slot) throw badRequest(MSG.slotNotOffered, 'slot_not_offered');

  const employeeUserId = employee.userId;
  try {
    return await ctx.db.transaction(async (tx) => {
      const current = await lockEmployeeForBooking(tx, employee.id);
      if (!current?.isActive) throw new ApiError(404, 'employee_unavailable', MSG.employeeInactive);
      if (current.userId !== employeeUserId) throw conflict(MSG.employeeNoAccount, 'employee_account_changed');
      const row = await insertAppointment(tx, {
        clientId: user.id,
        clientName: user.name || user.email.split('@')[0] || user.email,
        clientEmail: user.email,
        employeeId: employeeUserId,
        employeeName: employee.name,
        serviceId: service.id,
        serviceName: service.name,
        serviceDuration: service.duration,
        price: service.price,
        startTime: slot.start,
        endTime: slot.end,
        status: 'confirmed',
        notes_client: req.notes?.trim() ?? '',
      });
      await notify(tx, { type: 'appointments', employeeId: employeeUserId, dates: [req.date] });
      return row;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23P01') throw conflict(MSG.slotTaken, 'slot_taken');
    throw err;
  }
}
