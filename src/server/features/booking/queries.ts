import { and, eq, sql } from 'drizzle-orm';
import type { LimitProblem } from '../../../domain/booking-limits';
import { BLOCKING_STATUSES } from '../../../domain/appointment-status';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { sqlLiterals } from '../../db/sql-literals';
import type { Exceptions } from '../../../domain/availability';
import { bookingMessagesCte, enqueueAppointmentMessages } from '../../notifications/enqueue';
import { appointmentChanges, appointments, clients, employees, employeeServices, employeeTimeOff, salonExceptions, salonSettings, services } from '../../db/schema';

// The slot list and a booking each cost one round trip to PostgreSQL besides the session read:
// what to decide with (bookingContext) and the booking itself (bookAtomically).
// docs/benchmarks.md has their EXPLAIN ANALYZE at 1,000,000 appointments.

export type BookingContext = {
  service: { id: string; name: string; duration: number; price: number } | null;
  employee: { id: string; name: string; userId: string | null; isActive: boolean; availability: Partial<WeeklySchedule> | null; offers: boolean } | null;
  interval: number | null;
  /** salon_settings' booking horizon (days) and per-client cap; null when the salon never saved settings (issue 16) */
  horizonDays: number | null;
  maxFutureAppointments: number | null;
  /** the booking client's confirmed appointments not started yet (0 for a slot list) */
  clientFutureConfirmed: number;
  /** the employee's time-holding appointments overlapping [from, to); empty when not asked for */
  busy: Array<{ start: Date; end: Date }>;
  /** the salon's closures / special hours and the professional's time off on the day (issue 15) */
  exceptions: Exceptions;
};

/**
 * Everything a slot list or a booking needs to decide, in ONE round trip: the active service,
 * the employee record with whether it offers the service, the salon's slot interval, and (for
 * the slot list) the employee's busy time that day through the exclusion constraint's GiST index.
 * Four sequential queries before; each round trip is paid by every client waiting on the grid.
 */
// Written as literals, not parameters: the exclusion constraint's GiST index is partial
// (`WHERE status IN ('confirmed', 'completed')`) and a prepared statement's generic plan can only
// use it when the query's own condition is visibly the same.
const BLOCKING_LITERALS = sqlLiterals(BLOCKING_STATUSES);

type ContextArgs = { serviceId: string; professionalId: string; date: string; from: Date; to: Date; withBusy: boolean; clientId?: string; now?: Date };

export function bookingContextQuery(args: ContextArgs) {
  const busy = args.withBusy
    ? sql`(SELECT coalesce(json_agg(json_build_array(a.start_time, a.end_time)), '[]'::json)
           FROM ${appointments} a JOIN ${employees} e ON e.user_id = a.employee_id
           WHERE e.id = ${args.professionalId}::uuid
             AND a.status IN (${BLOCKING_LITERALS})
             AND tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${args.from.toISOString()}::timestamptz, ${args.to.toISOString()}::timestamptz, '[)'))`
    : sql`'[]'::json`;
  return sql`
    SELECT
      (SELECT json_build_object('id', s.id, 'name', s.name, 'duration', s.duration, 'price', s.price)
         FROM ${services} s WHERE s.id = ${args.serviceId}::uuid AND s.is_active) AS service,
      (SELECT json_build_object('id', e.id, 'name', e.name, 'userId', e.user_id, 'isActive', e.is_active, 'availability', e.availability,
              'offers', EXISTS (SELECT 1 FROM ${employeeServices} es WHERE es.employee_id = e.id AND es.service_id = ${args.serviceId}::uuid))
         FROM ${employees} e WHERE e.id = ${args.professionalId}::uuid) AS employee,
      (SELECT appointment_time_slot_interval FROM ${salonSettings} WHERE id = 1) AS interval,
      (SELECT booking_horizon_days FROM ${salonSettings} WHERE id = 1) AS horizon_days,
      (SELECT max_future_appointments_per_client FROM ${salonSettings} WHERE id = 1) AS max_future,
      (SELECT count(*)::int FROM ${appointments} a
         WHERE a.client_id = ${args.clientId ?? ''} AND a.status = 'confirmed' AND a.start_time > ${(args.now ?? new Date(0)).toISOString()}::timestamptz) AS client_future,
      ${busy} AS busy,
      (SELECT coalesce(json_agg(json_build_object('kind', x.kind, 'startDate', x.start_date, 'endDate', x.end_date,
              'startTime', x.start_time, 'endTime', x.end_time, 'reason', x.reason) ORDER BY x.created_at), '[]'::json)
         FROM ${salonExceptions} x WHERE x.start_date <= ${args.date}::date AND x.end_date >= ${args.date}::date) AS salon,
      (SELECT coalesce(json_agg(json_build_object('startDate', t.start_date, 'endDate', t.end_date,
              'startTime', t.start_time, 'endTime', t.end_time, 'reason', t.reason) ORDER BY t.created_at), '[]'::json)
         FROM ${employeeTimeOff} t WHERE t.employee_id = ${args.professionalId}::uuid
           AND t.start_date <= ${args.date}::date AND t.end_date >= ${args.date}::date) AS time_off`;
}

export async function bookingContext(db: Db, args: ContextArgs): Promise<BookingContext> {
  const rows = await runPrepared<{
    service: BookingContext['service'];
    employee: BookingContext['employee'];
    interval: number | null;
    horizon_days: number | null;
    max_future: number | null;
    client_future: number;
    busy: Array<[string, string]>;
    salon: Exceptions['salon'];
    time_off: Exceptions['timeOff'];
  }>(
    db,
    args.withBusy ? 'auna_booking_context_busy' : 'auna_booking_context',
    bookingContextQuery(args),
  );
  const row = rows[0]!;
  return {
    service: row.service ? { ...row.service, price: Number(row.service.price) } : null,
    employee: row.employee,
    interval: row.interval,
    horizonDays: row.horizon_days,
    maxFutureAppointments: row.max_future,
    clientFutureConfirmed: Number(row.client_future ?? 0),
    busy: row.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    exceptions: { salon: row.salon, timeOff: row.time_off },
  };
}

export type BookedRow = { id: string; startTime: Date; endTime: Date; status: 'confirmed'; serviceName: string; employeeName: string; price: number };

export type BookArgs = {
  /** the server's clock: a reminder whose moment is already past is not enqueued */
  now: Date;
  employeeRecordId: string;
  expectedUserId: string;
  values: { clientId: string; clientName: string; clientEmail: string; employeeName: string; serviceId: string; serviceName: string; serviceDuration: number; price: number; startTime: Date; endTime: Date; notes: string };
};

/** A client's booking for herself: also under the salon's cap of future confirmed appointments (ADR 025). */
export type SelfBookArgs = BookArgs & { maxFutureAppointments: number };

export function bookAtomicallyQuery(args: SelfBookArgs) {
  const v = args.values;
  // `cap`: the client's future confirmed appointments, counted under an advisory lock on her
  // (migration 0009, ADR 031), so simultaneous bookings of one client pass the cap one at a time.
  return sql`
    WITH emp AS (
      SELECT user_id, is_active FROM ${employees} WHERE id = ${args.employeeRecordId}::uuid FOR SHARE
    ), cap AS (
      SELECT client_future_confirmed_locked(${v.clientId}, ${args.now.toISOString()}::timestamptz) AS n
    ), ins AS (
      INSERT INTO ${appointments} (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                                   service_duration, price, start_time, end_time, status, notes_client)
      SELECT ${v.clientId}, ${v.clientName}, ${v.clientEmail}, emp.user_id, ${v.employeeName}, ${v.serviceId}::uuid, ${v.serviceName},
             ${v.serviceDuration}::int, ${v.price}::numeric, ${v.startTime.toISOString()}::timestamptz, ${v.endTime.toISOString()}::timestamptz,
             'confirmed', ${v.notes}
      FROM emp, cap WHERE emp.is_active AND emp.user_id = ${args.expectedUserId} AND cap.n < ${args.maxFutureAppointments}::int
      RETURNING id, start_time, end_time, service_name, employee_name, price, message_sequence
    ), ${bookingMessagesCte(args.now)}
    SELECT emp.user_id, emp.is_active, ins.id, ins.start_time, ins.end_time, ins.service_name, ins.employee_name, ins.price,
           (SELECT n FROM cap) AS client_future, (SELECT count(*) FROM msg) AS messages
    FROM emp LEFT JOIN ins ON true`;
}

/**
 * A booking in ONE statement, atomic as one transaction (with its confirmation, the
 * professional's notice and the reminder enqueued in it, ADR 021): the professional's row is read again
 * and held FOR SHARE (saving that employee in the back office locks it FOR UPDATE, so a booking
 * and an unlink/relink are serialised, ADR 004) and the appointment is inserted only if the row is
 * still active and still linked to `expectedUserId`. Before, the same steps took four round
 * trips (BEGIN, SELECT ... FOR SHARE, INSERT, COMMIT). An overlap fails the statement with 23P01
 * (the exclusion constraint) and nothing is inserted. The live event is the caller's to publish
 * once this has committed (docs/decisions/013).
 * `current` is the professional as the statement saw it (null: gone); `row` the appointment.
 */
export async function bookAtomically(
  db: Db,
  args: SelfBookArgs,
): Promise<{ current: { userId: string | null; isActive: boolean } | null; row: BookedRow | null; clientFuture: number }> {
  const rows = await runPrepared<{ user_id: string | null; is_active: boolean; id: string | null; start_time: string | Date; end_time: string | Date; service_name: string; employee_name: string; price: string; client_future: number | null }>(
    db,
    'auna_book',
    bookAtomicallyQuery(args),
  );
  const r = rows[0];
  if (!r) return { current: null, row: null, clientFuture: 0 };
  return {
    current: { userId: r.user_id, isActive: r.is_active },
    row: r.id
      ? { id: r.id, startTime: new Date(r.start_time), endTime: new Date(r.end_time), status: 'confirmed', serviceName: r.service_name, employeeName: r.employee_name, price: Number(r.price) }
      : null,
    clientFuture: Number(r.client_future ?? 0),
  };
}

// ---- issue 13: the front desk books for a client record and moves appointments ----

export type StaffBookArgs = BookArgs & { clientRecordId: string; bookedByUserId: string };

/**
 * The staff's booking for a salon client record: the same single statement as `bookAtomically`
 * (the professional's row FOR SHARE, the insert, the exclusion constraint deciding races), with
 * the record, who booked it and `booked_by = 'staff'`. `client_id` is the record's account, if any.
 * The client's confirmation, the professional's notice and the reminder are enqueued in the same
 * statement (ADR 021); a client record without an email gets none (the job records `no_email`).
 */
export async function bookForClient(db: Db, args: StaffBookArgs) {
  const v = args.values;
  const rows = await runPrepared<{ user_id: string | null; is_active: boolean; id: string | null; start_time: string | Date; end_time: string | Date; service_name: string; employee_name: string; price: string }>(
    db,
    'auna_book_staff',
    sql`
    WITH emp AS (
      SELECT user_id, is_active FROM ${employees} WHERE id = ${args.employeeRecordId}::uuid FOR SHARE
    ), ins AS (
      INSERT INTO ${appointments} (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                                   service_duration, price, start_time, end_time, status, notes_client,
                                   client_record_id, booked_by, booked_by_user_id)
      SELECT ${v.clientId || null}, ${v.clientName}, ${v.clientEmail}, emp.user_id, ${v.employeeName}, ${v.serviceId}::uuid, ${v.serviceName},
             ${v.serviceDuration}::int, ${v.price}::numeric, ${v.startTime.toISOString()}::timestamptz, ${v.endTime.toISOString()}::timestamptz,
             'confirmed', ${v.notes}, ${args.clientRecordId}::uuid, 'staff', ${args.bookedByUserId}
      FROM emp WHERE emp.is_active AND emp.user_id = ${args.expectedUserId}
      RETURNING id, start_time, end_time, service_name, employee_name, price, message_sequence
    ), ${bookingMessagesCte(args.now)}
    SELECT emp.user_id, emp.is_active, ins.id, ins.start_time, ins.end_time, ins.service_name, ins.employee_name, ins.price,
           (SELECT count(*) FROM msg) AS messages
    FROM emp LEFT JOIN ins ON true`,
  );
  const r = rows[0];
  if (!r) return { current: null, row: null };
  return {
    current: { userId: r.user_id, isActive: r.is_active },
    row: r.id
      ? { id: r.id, startTime: new Date(r.start_time), endTime: new Date(r.end_time), status: 'confirmed' as const, serviceName: r.service_name, employeeName: r.employee_name, price: Number(r.price) }
      : null,
  };
}

export async function clientRecord(db: Db, id: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, email: clients.email, userId: clients.userId })
    .from(clients)
    .where(eq(clients.id, id));
  return row;
}

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
};

export async function movableAppointment(db: Pick<Db, 'select'>, id: string): Promise<MovableAppointment | undefined> {
  const [row] = await db.select(movableColumns).from(appointments).where(eq(appointments.id, id));
  return row;
}

/** The salon's booking horizon in days; undefined when it never saved settings (the default applies). */
export async function bookingHorizonDays(db: Db) {
  const [row] = await db.select({ days: salonSettings.bookingHorizonDays }).from(salonSettings).where(eq(salonSettings.id, 1));
  return row?.days ?? undefined;
}

export async function cancellationHours(db: Db) {
  const [row] = await db.select({ hours: salonSettings.cancellationPolicyHours }).from(salonSettings).where(eq(salonSettings.id, 1));
  return row?.hours;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
      .where(and(eq(appointmentChanges.appointmentId, a.seen.id), eq(appointmentChanges.action, 'rescheduled'), eq(appointmentChanges.changedByRole, 'client')));
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
  const [row] = await tx
    .update(appointments)
    .set({ employeeId: a.expectedUserId, employeeName: a.employeeName, startTime: a.startTime, endTime: a.endTime, updatedAt: a.at })
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
  await tx.insert(appointmentChanges).values({
    appointmentId: a.seen.id,
    action: 'rescheduled',
    changedByUserId: a.by.userId,
    changedByName: a.by.name,
    changedByRole: a.by.role,
    before: { startTime: locked.startTime.toISOString(), endTime: locked.endTime.toISOString(), employeeId: locked.employeeId, employeeName: locked.employeeName },
    after: { startTime: a.startTime.toISOString(), endTime: a.endTime.toISOString(), employeeId: a.expectedUserId, employeeName: a.employeeName },
    createdAt: a.at,
  });
  // The new time's messages (same UID, SEQUENCE + 1) and the reminder moved, in this transaction (ADR 021).
  await enqueueAppointmentMessages(tx, { kind: 'rescheduled', appointmentId: a.seen.id, now: a.at });
  return { outcome: 'moved' as const, row: row! };
}
