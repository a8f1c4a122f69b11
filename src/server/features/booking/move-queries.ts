import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LimitProblem } from '../../../domain/booking-limits';
import type { Db, Tx } from '../../db/client';
import { appointmentChanges, appointmentResources, appointments, employees, resources } from '../../db/schema';
import { enqueueAppointmentMessages } from '../../notifications/enqueue';
import { enqueueTimeFreed } from '../../notifications/time-freed';

// Moving an appointment (ADR 020): the row a move starts from, and the move itself.

export type MovableAppointment = {
  id: string;
  clientId: string | null;
  employeeId: string;
  employeeName: string;
  serviceId: string | null;
  serviceDuration: number;
  startTime: Date;
  endTime: Date;
  status: string;
  prepMinutes: number;
  cleanupMinutes: number;
};

const movableColumns = {
  id: appointments.id,
  clientId: appointments.clientId,
  employeeId: appointments.employeeId,
  employeeName: appointments.employeeName,
  serviceId: appointments.serviceId,
  serviceDuration: appointments.serviceDuration,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  prepMinutes: appointments.prepMinutes,
  cleanupMinutes: appointments.cleanupMinutes,
};

async function resourceNames(tx: Tx, ids: string[]) {
  const rows = await tx
    .select({ id: resources.id, name: resources.name })
    .from(resources)
    .where(inArray(resources.id, ids))
    .orderBy(asc(resources.position));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function movableAppointment(db: Pick<Db, 'select'>, id: string): Promise<MovableAppointment | undefined> {
  const [row] = await db.select(movableColumns).from(appointments).where(eq(appointments.id, id));
  return row;
}

/**
 * The move itself, inside the caller's transaction: the appointment row FOR UPDATE (it must still
 * be what the checks saw: confirmed, same time and professional), the target professional's row
 * FOR SHARE (still active, still the same account: ADR 004), the update (the exclusion
 * constraint refuses an overlap with 23P01) and the audit row. Null: the appointment changed meanwhile.
 */
export async function moveAppointment(
  tx: Tx,
  a: {
    seen: MovableAppointment;
    employeeRecordId: string;
    expectedUserId: string;
    employeeName: string;
    startTime: Date;
    endTime: Date;
    /** The resources the new time holds (ADR 036): the old ones are let go in the same transaction. */
    resourceIds: string[];
    by: { userId: string; name: string; role: string };
    at: Date;
    /** For a client's own move: refuses it given how many times she has moved it (counted under the row lock). */
    clientMoveProblem?: (movesSoFar: number) => LimitProblem | null;
  },
) {
  const [locked] = await tx.select(movableColumns).from(appointments).where(eq(appointments.id, a.seen.id)).for('update');
  if (
    !locked ||
    locked.status !== 'confirmed' ||
    locked.startTime.getTime() !== a.seen.startTime.getTime() ||
    locked.employeeId !== a.seen.employeeId
  ) {
    return { outcome: 'changed' as const };
  }
  if (a.clientMoveProblem) {
    // Under the row's lock, so simultaneous moves of one appointment are counted one after another.
    const [moves] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(appointmentChanges)
      .where(
        and(
          eq(appointmentChanges.appointmentId, a.seen.id),
          eq(appointmentChanges.action, 'rescheduled'),
          eq(appointmentChanges.changedByRole, 'client'),
        ),
      );
    const problem = a.clientMoveProblem(moves?.n ?? 0);
    if (problem) return { outcome: 'refused' as const, problem };
  }
  const [emp] = await tx
    .select({ userId: employees.userId, isActive: employees.isActive })
    .from(employees)
    .where(eq(employees.id, a.employeeRecordId))
    .for('share');
  if (!emp?.isActive) return { outcome: 'employee_unavailable' as const };
  if (emp.userId !== a.expectedUserId) return { outcome: 'employee_account_changed' as const };
  // Its resources follow it (ADR 036): the old ones let go, the new time's held; the exclusion
  // constraint on appointment_resources refuses one held meanwhile (23P01), and the rollback then
  // gives the old ones back: the loser of a race is left as it was.
  const letGo = await tx
    .delete(appointmentResources)
    .where(eq(appointmentResources.appointmentId, a.seen.id))
    .returning({ id: appointmentResources.resourceId });
  const [row] = await tx
    .update(appointments)
    // A move goes to a time the slot engine offers: no longer fitted in (ADR 058).
    .set({ employeeId: a.expectedUserId, employeeName: a.employeeName, startTime: a.startTime, endTime: a.endTime, fittedIn: null, updatedAt: a.at })
    .where(eq(appointments.id, a.seen.id))
    .returning({
      id: appointments.id,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      serviceName: appointments.serviceName,
      employeeName: appointments.employeeName,
      employeeId: appointments.employeeId,
      price: appointments.price,
    });
  if (a.resourceIds.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${appointmentResources} (appointment_id, resource_id, block_start, block_end)
      SELECT a.id, r.id, a.start_time - make_interval(mins => a.prep_minutes), a.end_time + make_interval(mins => a.cleanup_minutes)
      FROM ${appointments} a CROSS JOIN unnest(${`{${a.resourceIds.join(',')}}`}::uuid[]) AS r(id) WHERE a.id = ${a.seen.id}`);
  }
  // The audit names the resources only when the move changed them (another cabin at the same time).
  const oldIds = letGo.map((r) => r.id);
  const resourcesChanged = oldIds.length !== a.resourceIds.length || oldIds.some((id) => !a.resourceIds.includes(id));
  const names = resourcesChanged ? await resourceNames(tx, [...oldIds, ...a.resourceIds]) : new Map<string, string>();
  const named = (ids: string[]) => (resourcesChanged ? { resources: ids.map((id) => names.get(id) ?? '') } : {});
  await tx.insert(appointmentChanges).values({
    appointmentId: a.seen.id,
    action: 'rescheduled',
    changedByUserId: a.by.userId,
    changedByName: a.by.name,
    changedByRole: a.by.role,
    before: {
      startTime: locked.startTime.toISOString(),
      endTime: locked.endTime.toISOString(),
      employeeId: locked.employeeId,
      employeeName: locked.employeeName,
      ...named(oldIds),
    },
    after: {
      startTime: a.startTime.toISOString(),
      endTime: a.endTime.toISOString(),
      employeeId: a.expectedUserId,
      employeeName: a.employeeName,
      ...named(a.resourceIds),
    },
    createdAt: a.at,
  });
  // The new time's messages (same UID, SEQUENCE + 1) and the reminder moved, in this transaction
  // (ADR 021). Another cabin at the same time and with the same professional changes nothing the
  // client or the professional were told: no message.
  const sameTime =
    locked.startTime.getTime() === a.startTime.getTime() &&
    locked.endTime.getTime() === a.endTime.getTime() &&
    locked.employeeId === a.expectedUserId;
  if (!sameTime) {
    await enqueueAppointmentMessages(tx, { kind: 'rescheduled', appointmentId: a.seen.id, now: a.at });
    // The time it left is free: the waiting list hears of it in this transaction (ADR 071).
    if (locked.employeeId) await enqueueTimeFreed(tx, { employeeUserId: locked.employeeId, start: locked.startTime, end: locked.endTime });
  }
  return { outcome: 'moved' as const, row: row! };
}
