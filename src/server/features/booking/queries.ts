import { sql } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../../domain/appointment-status';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { appointments, employees, employeeServices, salonSettings, services } from '../../db/schema';

// The slot list and a booking each cost one round trip to PostgreSQL besides the session read:
// what to decide with (bookingContext) and the booking itself (bookAtomically).
// docs/benchmarks.md has their EXPLAIN ANALYZE at 1,000,000 appointments.

export type BookingContext = {
  service: { id: string; name: string; duration: number; price: number } | null;
  employee: { id: string; name: string; userId: string | null; isActive: boolean; availability: Partial<WeeklySchedule> | null; offers: boolean } | null;
  interval: number | null;
  /** salon_settings' booking horizon (days) and per-client cap; null when the salon never saved settings */
  horizonDays: number | null;
  maxFutureAppointments: number | null;
  /** the booking client's confirmed appointments not started yet (0 for a slot list) */
  clientFutureConfirmed: number;
  /** the employee's time-holding appointments overlapping [from, to); empty when not asked for */
  busy: Array<{ start: Date; end: Date }>;
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
const BLOCKING_LITERALS = sql.raw(
  BLOCKING_STATUSES.map((st) => {
    if (!/^[a-z_]+$/.test(st)) throw new Error(`unexpected status ${st}`);
    return `'${st}'`;
  }).join(', '),
);

type ContextArgs = { serviceId: string; professionalId: string; from: Date; to: Date; withBusy: boolean; clientId?: string; now?: Date };

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
      ${busy} AS busy`;
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
  };
}

export type BookedRow = { id: string; startTime: Date; endTime: Date; status: 'confirmed'; serviceName: string; employeeName: string; price: number };

export type BookArgs = {
  employeeRecordId: string;
  expectedUserId: string;
  values: { clientId: string; clientName: string; clientEmail: string; employeeName: string; serviceId: string; serviceName: string; serviceDuration: number; price: number; startTime: Date; endTime: Date; notes: string };
};

export function bookAtomicallyQuery(args: BookArgs) {
  const v = args.values;
  return sql`
    WITH emp AS (
      SELECT user_id, is_active FROM ${employees} WHERE id = ${args.employeeRecordId}::uuid FOR SHARE
    ), ins AS (
      INSERT INTO ${appointments} (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                                   service_duration, price, start_time, end_time, status, notes_client)
      SELECT ${v.clientId}, ${v.clientName}, ${v.clientEmail}, emp.user_id, ${v.employeeName}, ${v.serviceId}::uuid, ${v.serviceName},
             ${v.serviceDuration}::int, ${v.price}::numeric, ${v.startTime.toISOString()}::timestamptz, ${v.endTime.toISOString()}::timestamptz,
             'confirmed', ${v.notes}
      FROM emp WHERE emp.is_active AND emp.user_id = ${args.expectedUserId}
      RETURNING id, start_time, end_time, service_name, employee_name, price
    )
    SELECT emp.user_id, emp.is_active, ins.id, ins.start_time, ins.end_time, ins.service_name, ins.employee_name, ins.price
    FROM emp LEFT JOIN ins ON true`;
}

/**
 * A booking in ONE statement, atomic as one transaction: the professional's row is read again
 * and held FOR SHARE (saving that employee in the back office locks it FOR UPDATE, so a booking
 * and an unlink/relink are serialised, ADR 004) and the appointment is inserted only if the row is
 * still active and still linked to `expectedUserId`. Before, the same steps took four round
 * trips (BEGIN, SELECT ... FOR SHARE, INSERT, COMMIT). An overlap fails the statement with 23P01
 * (the exclusion constraint) and nothing is inserted. The live event is the caller's to publish
 * once this has committed (docs/decisions/013).
 * `current` is the professional as the statement saw it (null: gone); `row` the appointment.
 */
export async function bookAtomically(db: Db, args: BookArgs): Promise<{ current: { userId: string | null; isActive: boolean } | null; row: BookedRow | null }> {
  const rows = await runPrepared<{ user_id: string | null; is_active: boolean; id: string | null; start_time: string | Date; end_time: string | Date; service_name: string; employee_name: string; price: string }>(
    db,
    'auna_book',
    bookAtomicallyQuery(args),
  );
  const r = rows[0];
  if (!r) return { current: null, row: null };
  return {
    current: { userId: r.user_id, isActive: r.is_active },
    row: r.id
      ? { id: r.id, startTime: new Date(r.start_time), endTime: new Date(r.end_time), status: 'confirmed', serviceName: r.service_name, employeeName: r.employee_name, price: Number(r.price) }
      : null,
  };
}
