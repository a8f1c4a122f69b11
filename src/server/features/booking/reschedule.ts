import { canClientCancel } from '../../../domain/appointment-status';
import { isDeskRole } from '../../../domain/roles';
import { clientMoveProblem, horizonOf, isWithinHorizon, RESCHEDULE_RATE_RULE, type LimitProblem } from '../../../domain/booking-limits';
import { canReschedule, mayManageAgenda } from '../../../domain/front-desk-rules';
import { blockedSpan } from '../../../domain/resources';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { lockClientOfAppointment } from '../../db/client-lock';
import { cancellationPolicyHours } from '../../db/salon-settings';
import type { Deps, SessionUser } from '../../http/env';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { announce, bookedAppointmentJson, employeeAccountChanged, employeeUnavailable, refusal, writeAppointment, writeRepickingResources } from './booking-write';
import { movableAppointment, moveAppointment, type MovableAppointment } from './move-queries';
import { bookableSlot, exceptionsFor, offeredSlots, resolve, slotsJson, type Ctx } from './slot-engine';

// Moving an appointment (ADR 020): its client (under the cancelling policy), its professional, the admin.

type MoveMode = 'staff' | 'client';

/**
 * Who may move this appointment and how: the admin any; an employee their own agenda's (another
 * employee's is 403); its client their own (under the cancelling policy); anyone else gets 404,
 * as for an id that does not exist.
 */
async function movableFor(ctx: Ctx, actor: SessionUser, id: string): Promise<{ found: MovableAppointment; mode: MoveMode }> {
  const found = isId(id) ? await movableAppointment(ctx.db, id) : undefined;
  if (!found) throw notFound(STAFF_MSG.appointmentNotFound);
  if (isDeskRole(actor.role)) return { found, mode: 'staff' };
  if (actor.role === 'employee' && found.employeeId === actor.id) return { found, mode: 'staff' };
  if (found.clientId === actor.id) return { found, mode: 'client' };
  if (actor.role === 'employee') throw forbidden(STAFF_MSG.notOwnAgenda);
  throw notFound(STAFF_MSG.appointmentNotFound);
}

async function checkMayMove(ctx: Ctx, found: MovableAppointment, mode: MoveMode) {
  if (mode === 'client') {
    const hours = await cancellationPolicyHours(ctx.db);
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
  const { service, employee, interval, busy, exceptions, limits, resources } = await resolve(ctx.db, { serviceId: found.serviceId, professionalId: q.professionalId, date: q.date }, true, undefined, found.id);
  if (mode === 'staff' && !mayManageAgenda(actor.role, actor.id, employee.userId)) throw forbidden(STAFF_MSG.notOwnAgenda);
  // A client's move meets the booking horizon (ADR 031): beyond it her grid is empty, as for a booking.
  if (mode === 'client' && !isWithinHorizon(q.date, salonDateOf(ctx.now(), SALON_TIME_ZONE), horizonOf(limits.horizonDays))) return { date: q.date, slots: [] };
  // Its own time counts as free: the busy spans carry buffers (ADR 036), so compare with its span.
  const buffers = { prepMinutes: found.prepMinutes, cleanupMinutes: found.cleanupMinutes };
  const ownSpan = blockedSpan({ start: found.startTime, end: found.endTime }, buffers);
  const own = (b: { start: Date; end: Date }) =>
    employee.userId === found.employeeId && b.start.getTime() === ownSpan.start.getTime() && b.end.getTime() === ownSpan.end.getTime();
  const slots = offeredSlots(ctx, {
    date: q.date,
    duration: found.serviceDuration || service.duration,
    availability: employee.availability,
    interval,
    // ADR 060: a client's move stays inside the salon's opening hours; the salon's own may squeeze in.
    exceptions: exceptionsFor(mode === 'client' ? 'client' : 'desk', exceptions),
    busy: employee.userId ? busy.filter((b) => !own(b)) : [],
    // A moved appointment keeps its own buffers; its own resources were left out of the context.
    buffers,
    resources,
  });
  return slotsJson(q.date, slots);
}

/** `resourceIds`: the cabins or machines the staff chose (ADR 036); a client's move takes the first free. */
export type RescheduleRequest = { professionalId: string; date: string; time: string; resourceIds?: string[] };

/**
 * Move a confirmed appointment to another time and/or professional. It keeps its id and gets an
 * audit row; one transaction; the exclusion constraint decides a race (the loser's data is
 * untouched, 409 with the booking's text). Live events for the old and the new place.
 */
export async function reschedule(ctx: Ctx & Pick<Deps, 'rateLimit'>, actor: SessionUser, id: string, req: RescheduleRequest) {
  const { found, mode } = await movableFor(ctx, actor, id);
  await checkMayMove(ctx, found, mode);
  if (!found.serviceId) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const moving = { id: found.id, durationMinutes: found.serviceDuration, buffers: { prepMinutes: found.prepMinutes, cleanupMinutes: found.cleanupMinutes } };
  const resourceIds = mode === 'staff' ? req.resourceIds : undefined;
  const slotRequest = { serviceId: found.serviceId, professionalId: req.professionalId, date: req.date, time: req.time, resourceIds };
  const { employee, slot, horizonDays, needsResources } = await bookableSlot(ctx, slotRequest, mode === 'client' ? 'client' : 'desk', moving);
  if (mode === 'staff' && !mayManageAgenda(actor.role, actor.id, employee.userId)) throw forbidden(STAFF_MSG.notOwnAgenda);
  const at = ctx.now();
  // A client's own move (ADR 031): the booking horizon, moves per account and hour in the shared
  // store (each move mails the professional), and moves per appointment counted under its lock.
  // The salon's moves are its own calendar and are not limited.
  let limitMove: ((movesSoFar: number) => LimitProblem | null) | undefined;
  if (mode === 'client') {
    limitMove = (movesSoFar) => clientMoveProblem({ date: req.date, today: salonDateOf(at, SALON_TIME_ZONE), horizonDays, movesSoFar });
    const early = limitMove(0);
    if (early) throw refusal(early);
    const rate = await ctx.rateLimit.consume(`reschedule:${actor.id}`, RESCHEDULE_RATE_RULE);
    if (!rate.allowed) throw new ApiError(429, 'too_many_reschedules', STAFF_MSG.rescheduleTooFast);
  }
  const write = (picked: typeof slot) =>
    writeAppointment(() =>
      ctx.db.transaction(async (tx) => {
        // Her lock first (ADR 053): a move, her own booking and a bono's sale for her never cross.
        await lockClientOfAppointment(tx, found.id);
        return moveAppointment(tx, {
          seen: found,
          employeeRecordId: employee.id,
          expectedUserId: employee.userId,
          employeeName: employee.name,
          startTime: picked.start,
          endTime: picked.end,
          resourceIds: picked.resourceIds ?? [],
          by: { userId: actor.id, name: actor.name || actor.email, role: mode === 'client' ? 'client' : actor.role },
          at,
          clientMoveProblem: limitMove,
        });
      }),
    );
  const repick = resourceIds?.length ? undefined : async () => (await bookableSlot(ctx, slotRequest, mode === 'client' ? 'client' : 'desk', moving)).slot;
  const result = await writeRepickingResources(slot, write, repick);
  if (result.outcome === 'changed') throw conflict(STAFF_MSG.rescheduleNotAllowed, 'reschedule_not_allowed');
  if (result.outcome === 'refused') throw refusal(result.problem);
  if (result.outcome === 'employee_unavailable') throw employeeUnavailable();
  if (result.outcome === 'employee_account_changed') throw employeeAccountChanged();
  const oldDate = salonDateOf(found.startTime, SALON_TIME_ZONE);
  if (found.employeeId === employee.userId || needsResources) {
    announce(ctx, employee.userId, [...new Set([oldDate, req.date])], needsResources);
  } else {
    announce(ctx, found.employeeId, [oldDate]);
    announce(ctx, employee.userId, [req.date]);
  }
  return bookedAppointmentJson(result.row);
}
