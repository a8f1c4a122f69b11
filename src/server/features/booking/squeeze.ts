import { mayManageAgenda } from '../../../domain/front-desk-rules';
import { validateBookingInput } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { SALON_TIME_ZONE } from '../../../domain/salon-time';
import { checkSqueeze } from '../../../domain/squeeze';
import { dayScheduleOf } from '../../../domain/weekly-schedule';
import type { SessionUser } from '../../http/env';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { resolve, type Ctx } from './slot-engine';
import { bookForClientRecord, type StaffBookingRequest } from './staff-booking';

// The desk fits someone in (docs/decisions/058-the-desk-fits-people-in.md): a time the slot
// engine does not offer ("Fuera de horario", after an explicit confirmation) or a client who walked
// in. Staff only (the route's guard), never a client's own booking. The same statement as every
// staff booking writes it, so the exclusion constraints still refuse any overlap of the
// professional or a cabin: a squeeze never becomes a double booking.

export type SqueezeRequest = StaffBookingRequest & { walkIn?: boolean; confirmOutsideHours?: boolean };

/** The squeeze's side of `bookableSlot`: the service, the professional, the time by `checkSqueeze`, and how it is marked. */
async function squeezedSlot(ctx: Ctx, req: SqueezeRequest) {
  const { service, employee, interval, exceptions, buffers, resources } = await resolve(ctx.db, req, false);
  const preferred = req.resourceIds ?? [];
  if (preferred.some((id) => !resources.some((g) => g.members.some((m) => m.id === id))))
    throw badRequest(STAFF_MSG.resourceNotRequired, 'resource_not_required');
  const problem = validateBookingInput({
    clientId: 'salon',
    employeeId: req.professionalId,
    serviceId: req.serviceId,
    date: req.date,
    time: req.time,
    durationMinutes: service.duration,
  });
  if (problem) throw badRequest(problem);
  if (!employee.userId) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');
  const check = checkSqueeze({
    date: req.date,
    time: req.time,
    walkIn: req.walkIn === true,
    weekly: dayScheduleOf(employee.availability, req.date),
    exceptions,
    intervalMinutes: interval,
    durationMinutes: service.duration,
    busy: [],
    now: ctx.now(),
    tz: SALON_TIME_ZONE,
    buffers,
    resources,
    preferredResources: preferred,
  });
  if (!check.ok) throw new ApiError(check.status, check.code, check.message);
  // The staff said yes to a time clients are never offered; without it, she is asked (409).
  if (check.fittedIn === 'outside_hours' && req.confirmOutsideHours !== true)
    throw conflict(STAFF_MSG.squeezeConfirm, 'outside_hours_confirm');
  return {
    service,
    employee: { ...employee, userId: employee.userId },
    slot: check.slot,
    buffers,
    horizonDays: null,
    needsResources: resources.length > 0,
    fittedIn: check.fittedIn,
  };
}

/** Books a client record at a squeezed time or as a walk-in: the staff booking with `squeezedSlot` deciding the time. */
export function squeezeForClientRecord(ctx: Ctx, actor: SessionUser, req: SqueezeRequest) {
  // A time outside the grid stays on the professional's own agenda (or the desk's): docs/decisions/086.
  return bookForClientRecord(ctx, actor, req, squeezedSlot, mayManageAgenda);
}
