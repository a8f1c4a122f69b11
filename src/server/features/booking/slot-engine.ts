import { checkBookableWithResources, maintenanceBlocks, type Exceptions } from '../../../domain/availability';
import { dayInput, isOfferedDay, offeredDaySlots, type DayArgs } from '../../../domain/day-slots';
import type { Buffers, ResourceGroup } from '../../../domain/resources';
import { validateBookingInput } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { dayBounds, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { slotIntervalOf, type Slot } from '../../../domain/slots';
import type { Deps } from '../../http/env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { employeeUnavailable } from './booking-write';
import { bookingContext, type ContextGroup } from './context-queries';
import type { RateRule } from '../../auth/rate-limit-store';

// The slot engine every booking path shares (the client's slot list and booking, the staff's
// booking, every reschedule): what to decide with, in one round trip, and the one availability
// rule of src/domain/availability.ts asked the same way for the grid and for the booking.

export type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;

/** A malformed professional id still lets the service be checked first; this one names nobody. */
const NO_EMPLOYEE = '00000000-0000-0000-0000-000000000000';

/** The context's groups as the availability rule reads them: each member's held spans and maintenance as instants. */
function resourceGroupsOf(groups: readonly ContextGroup[], date: string): ResourceGroup[] {
  return groups.map((g) => ({
    id: g.id,
    members: g.members.map((m) => ({
      id: m.id,
      busy: [...m.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })), ...maintenanceBlocks(date, m.maintenance, SALON_TIME_ZONE)],
    })),
  }));
}

/**
 * The service, the chosen professional (the employee RECORD id of step 1), the salon's interval
 * and, for the slot list, the professional's busy time that day: one round trip
 * (`bookingContext`). Checked in the order a client would meet the problems: service gone,
 * professional gone, not offering it.
 */
export async function resolve(
  db: Deps['db'],
  q: { serviceId: string; professionalId: string; date: string },
  withBusy: boolean,
  client?: { id: string; now: Date; rate?: { key: string; rule: RateRule; now: number } },
  movingAppointmentId?: string,
) {
  if (!isId(q.serviceId)) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const { start, end } = dayBounds(q.date, SALON_TIME_ZONE);
  const validEmployee = isId(q.professionalId);
  const context = await bookingContext(db, {
    serviceId: q.serviceId,
    professionalId: validEmployee ? q.professionalId : NO_EMPLOYEE,
    date: q.date,
    from: start,
    to: end,
    withBusy,
    clientId: client?.id,
    now: client?.now,
    movingAppointmentId,
    rate: client?.rate,
  });
  const { service } = context;
  if (!service) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const employee = validEmployee ? context.employee : null;
  if (!employee || !employee.isActive) throw employeeUnavailable();
  if (!employee.offers) throw badRequest(STAFF_MSG.serviceNotOffered, 'service_not_offered');
  return {
    service,
    employee,
    interval: slotIntervalOf(context.interval),
    busy: context.busy,
    exceptions: context.exceptions,
    buffers: { prepMinutes: service.prepMinutes, cleanupMinutes: service.cleanupMinutes } satisfies Buffers,
    resources: resourceGroupsOf(context.resourceGroups, q.date),
    limits: { horizonDays: context.horizonDays, maxFutureAppointments: context.maxFutureAppointments, futureConfirmed: context.clientFutureConfirmed },
    /** her attempt's count when `client.rate` asked for it (ADR 097), else null */
    rate: context.rate,
  };
}

/**
 * Who is booking (ADR 060): a client is offered and may book only inside the salon's opening
 * hours once they are set; the desk (a staff booking, a staff move) books within each
 * professional's own hours and may squeeze in outside the salon's. This is the one place that
 * says so: the desk's squeeze (its grid, its confirmation) asks with 'desk'.
 */
export type Booker = 'client' | 'desk';

/** The day's exceptions as `who` meets them: the desk is not bound by the salon's weekly opening hours. */
export const exceptionsFor = (who: Booker, ex: Exceptions): Exceptions => (who === 'client' ? ex : { ...ex, openingHours: null });

/** One professional's day as the rule is asked about it (src/domain/day-slots.ts). */
export type SlotArgs = DayArgs;

/** The one availability rule of src/domain/availability.ts, as the slot list and the booking check both ask it. */
const availabilityInput = (ctx: Ctx, args: SlotArgs) => dayInput(args, ctx.now(), SALON_TIME_ZONE);

/** Slots offered on `date` (SPEC §5 Slot generation, with closures and time off taken out). */
export function offeredSlots(ctx: Ctx, args: SlotArgs): Slot[] {
  return offeredDaySlots(args, ctx.now(), SALON_TIME_ZONE);
}

/** A slot list's answer: the day and its times (the grid's labels) with their instants. */
export const slotsJson = (date: string, slots: Slot[]) => ({ date, slots: slots.map((s) => ({ time: s.time, start: s.start.toISOString() })) });

/**
 * The booking-time side of the one availability rule (client booking, staff booking, reschedule):
 * a time the schedule never offers is a 400; one a closure or a time off takes away is a 409 with
 * its Spanish text (ADR 023); one whose cabin or machine is held is the 409 "acaba de ser reservado"
 * (ADR 036). Whether someone holds the time at the moment of writing is the exclusion constraints' call.
 */
export function checkedSlot(ctx: Ctx, args: SlotArgs, time: string): Slot {
  if (!isOfferedDay(args.date, ctx.now(), SALON_TIME_ZONE)) throw badRequest(MSG.slotNotOffered, 'slot_not_offered');
  const check = checkBookableWithResources(availabilityInput(ctx, args), time);
  if (check.ok) return check.slot;
  if (check.code === 'slot_not_offered') throw badRequest(MSG.slotNotOffered, 'slot_not_offered');
  throw conflict(check.message, check.code);
}

/** `resourceIds`: the cabins or machines the staff chose (ADR 036); each must be one the service needs. */
export type SlotRequest = { serviceId: string; professionalId: string; date: string; time: string; resourceIds?: string[] };

/**
 * THE availability check of the front desk (staff booking and every reschedule): the service,
 * the professional and the time must be what the slot engine offers that day. Whether someone
 * holds the time is left to the exclusion constraint. The same availability rule as the client's
 * booking (closures, special hours and time off included: ADR 023).
 * `moving`: a moved appointment keeps its own length and buffers, and its own resources count as free.
 */
export async function bookableSlot(ctx: Ctx, req: SlotRequest, who: Booker, moving?: { id: string; durationMinutes: number; buffers: Buffers }) {
  const { service, employee, interval, exceptions, limits, buffers, resources } = await resolve(ctx.db, req, false, undefined, moving?.id);
  const duration = moving?.durationMinutes ?? service.duration;
  const preferred = req.resourceIds ?? [];
  if (preferred.some((id) => !resources.some((g) => g.members.some((m) => m.id === id)))) throw badRequest(STAFF_MSG.resourceNotRequired, 'resource_not_required');
  const problem = validateBookingInput({ clientId: 'salon', employeeId: req.professionalId, serviceId: req.serviceId, date: req.date, time: req.time, durationMinutes: duration });
  if (problem) throw badRequest(problem);
  if (!employee.userId) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');
  const slotArgs = { date: req.date, duration, availability: employee.availability, interval, busy: [], exceptions: exceptionsFor(who, exceptions), buffers: moving?.buffers ?? buffers, resources, preferredResources: preferred };
  const slot = checkedSlot(ctx, slotArgs, req.time);
  const needsResources = resources.length > 0;
  return { service, employee: { ...employee, userId: employee.userId }, slot, buffers: slotArgs.buffers, horizonDays: limits.horizonDays, needsResources };
}
