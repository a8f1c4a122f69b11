import { and, eq, sql } from 'drizzle-orm';
import { isDeskRole } from '../../../domain/roles';
import { validateTimeOff } from '../../../domain/exception-validation';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonDateOf, SALON_TIME_ZONE, wallClockBoundary } from '../../../domain/salon-time';
import { announceDays } from '../../availability/announce';
import { appointmentsChanged } from '../../live-events/realtime';
import type { Tx } from '../../db/client';
import { appointmentResources, appointments, employees, employeeTimeOff, resourceMaintenance, resources } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import { enqueueDaysFreed } from '../../notifications/time-freed';

// "Bloquear hueco" (docs/decisions/058-the-desk-fits-people-in.md): a professional's or a cabin's
// time taken out for a training, a late start, an errand. Stored as what every availability rule
// already reads — a one-day time off of the professional, a one-day maintenance of the cabin —
// marked `is_block`, so client slots, the staff's offered times, a squeeze and the conflict lists
// honour it with no new reader. Like a time off (ADR 023, 024): the admin gets the confirmed
// appointments it leaves out and decides on each; a professional may block only her own free time.

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;

export type BlockInput = { employeeId?: string; resourceId?: string; date: string; startTime: string; endTime: string; reason: string };

/** A confirmed appointment the block covers, as the affected-appointments list shows it. */
type Covered = {
  id: string;
  start_time: Date | string;
  client_name: string;
  service_name: string;
  employee_name: string;
  employee_id: string;
};

const conflictOf = (r: Covered, reason: string) => {
  const startTime = new Date(r.start_time);
  const label = reason ? `Bloqueo: ${reason}` : 'Bloqueo';
  return {
    id: r.id,
    date: salonDateOf(startTime, SALON_TIME_ZONE),
    startTime,
    clientName: r.client_name,
    serviceName: r.service_name,
    employeeName: r.employee_name,
    employeeId: r.employee_id,
    label,
  };
};

/** The professional's confirmed appointments whose time with buffers overlaps [start, end). */
async function coveredOfProfessional(tx: Tx, userId: string, start: Date, end: Date) {
  const { rows } = await tx.execute<Covered>(sql`
    SELECT a.id, a.start_time, a.client_name, a.service_name, a.employee_name, a.employee_id FROM ${appointments} a
    WHERE a.employee_id = ${userId} AND a.status = 'confirmed'
      AND appointment_span(a.start_time, a.end_time, a.prep_minutes, a.cleanup_minutes) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')
    ORDER BY a.start_time`);
  return rows;
}

/** The confirmed appointments holding the resource over any part of [start, end). */
async function coveredOfResource(tx: Tx, resourceId: string, start: Date, end: Date) {
  const { rows } = await tx.execute<Covered>(sql`
    SELECT a.id, a.start_time, a.client_name, a.service_name, a.employee_name, a.employee_id
    FROM ${appointmentResources} ar JOIN ${appointments} a ON a.id = ar.appointment_id
    WHERE ar.resource_id = ${resourceId}::uuid AND ar.active AND a.status = 'confirmed'
      AND tstzrange(ar.block_start, ar.block_end, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')
    ORDER BY a.start_time`);
  return rows;
}

/** After the commit: the professional's pages refetch the day; a cabin's time changes every professional's (ADR 036). */
function announced(ctx: Ctx, userIds: Array<string | null> | null, date: string) {
  if (userIds) announceDays(ctx.realtime, userIds, date, date);
  else ctx.realtime.publish(appointmentsChanged('', [date], true));
}

function checkedPeriod(ctx: Ctx, input: BlockInput) {
  if (!input.employeeId === !input.resourceId) throw badRequest(STAFF_MSG.blockTargetRequired);
  const period = {
    startDate: input.date,
    endDate: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    reason: input.reason.trim(),
  };
  if (validateTimeOff(period)) throw badRequest(STAFF_MSG.blockTimesInvalid);
  const start = wallClockBoundary(input.date, input.startTime, SALON_TIME_ZONE);
  const end = wallClockBoundary(input.date, input.endTime, SALON_TIME_ZONE);
  if (end.getTime() <= ctx.now().getTime()) throw badRequest(STAFF_MSG.blockInPast);
  return { period, start, end };
}

/**
 * Blocks a professional's time (the admin any, a professional her own: ADR 024's rule, refused
 * over confirmed appointments) or a cabin's (the admin). Answers the block and, for the admin, the
 * confirmed appointments it covers; nothing is cancelled.
 */
export async function addBlock(ctx: Ctx, actor: SessionUser, input: BlockInput) {
  const { period, start, end } = checkedPeriod(ctx, input);
  const own = !isDeskRole(actor.role);
  const result = await ctx.db.transaction(async (tx) => {
    if (input.resourceId) {
      if (own) throw forbidden(STAFF_MSG.notOwnAgenda);
      // The resource's row locked as the resources room locks it to edit: a block and a deactivation in turn.
      const [resource] = isId(input.resourceId)
        ? await tx.select({ id: resources.id }).from(resources).where(eq(resources.id, input.resourceId)).for('update')
        : [];
      if (!resource) throw notFound(STAFF_MSG.resourceNotFound);
      const [row] = await tx
        .insert(resourceMaintenance)
        .values({ resourceId: resource.id, ...period, isBlock: true, createdBy: actor.id })
        .returning({ id: resourceMaintenance.id });
      return { id: row!.id, covered: await coveredOfResource(tx, resource.id, start, end), userIds: null };
    }
    const [employee] = isId(input.employeeId ?? '')
      ? await tx
          .select({ id: employees.id, userId: employees.userId })
          .from(employees)
          .where(eq(employees.id, input.employeeId!))
          .for('update')
      : [];
    if (!employee) throw notFound(STAFF_MSG.employeeNotFound);
    if (own && employee.userId !== actor.id) throw forbidden(STAFF_MSG.notOwnAgenda);
    const [row] = await tx
      .insert(employeeTimeOff)
      .values({ employeeId: employee.id, ...period, isBlock: true, createdBy: actor.id })
      .returning({ id: employeeTimeOff.id });
    const covered = employee.userId ? await coveredOfProfessional(tx, employee.userId, start, end) : [];
    if (own && covered.length > 0) throw new ApiError(409, 'block_over_appointments', STAFF_MSG.blockOverAppointments);
    return { id: row!.id, covered, userIds: [employee.userId] };
  });
  announced(ctx, result.userIds, input.date);
  return {
    block: {
      id: result.id,
      employeeId: input.employeeId ?? null,
      resourceId: input.resourceId ?? null,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      reason: period.reason,
    },
    conflicts: result.covered.map((r) => conflictOf(r, period.reason)),
  };
}

/** Removes a block (never a time off or a maintenance: those have their own pages); the time is free again, live. */
export async function removeBlock(ctx: Ctx, actor: SessionUser, id: string) {
  if (!isId(id)) throw notFound(STAFF_MSG.blockNotFound);
  const mine =
    isDeskRole(actor.role) ? sql`true` : sql`${employeeTimeOff.employeeId} IN (SELECT id FROM ${employees} WHERE user_id = ${actor.id})`;
  // The time is free again: the waiting list hears of it in the same transaction (ADR 071).
  const off = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .delete(employeeTimeOff)
      .where(and(eq(employeeTimeOff.id, id), eq(employeeTimeOff.isBlock, true), mine))
      .returning({ employeeId: employeeTimeOff.employeeId, date: employeeTimeOff.startDate });
    if (r) await enqueueDaysFreed(tx, r.employeeId, r.date, r.date);
    return r;
  });
  if (off) {
    const [employee] = await ctx.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, off.employeeId));
    announced(ctx, [employee?.userId ?? null], off.date);
    return { deleted: true };
  }
  const [held] =
    isDeskRole(actor.role)
      ? await ctx.db.transaction(async (tx) => {
          const rows = await tx
            .delete(resourceMaintenance)
            .where(and(eq(resourceMaintenance.id, id), eq(resourceMaintenance.isBlock, true)))
            .returning({ date: resourceMaintenance.startDate });
          // A cabin free again frees that day for everyone who needs it (ADR 071).
          for (const r of rows) await enqueueDaysFreed(tx, null, r.date, r.date);
          return rows;
        })
      : [];
  if (!held) throw notFound(STAFF_MSG.blockNotFound);
  announced(ctx, null, held.date);
  return { deleted: true };
}
