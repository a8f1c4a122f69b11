import { sql } from 'drizzle-orm';
import { SALON_TIME_ZONE } from '../../domain/calendar-date';
import type { Db } from '../db/client';

// "A time freed" (ADR 071): every change that frees a professional's time (a cancellation, a
// move, a removed block, time off or closure) writes one row to the message outbox IN ITS OWN
// TRANSACTION (ADR 028), so a rolled-back cancellation tells nobody and a committed one is never
// missed. The relay hands it to the queue like a message; the waiting-list room's job
// (features/waiting-list/time-freed-job.ts) matches it against the waiting clients.

export const TIME_FREED = 'time_freed';

/** A professional's span that became free: her employee RECORD id, and the span's instants (ISO). */
export type TimeFreedPayload = { kind: typeof TIME_FREED; employeeId: string; start: string; end: string };

export function isTimeFreedPayload(p: unknown): p is TimeFreedPayload {
  const o = p as Partial<TimeFreedPayload> | null;
  return !!o && o.kind === TIME_FREED && typeof o.employeeId === 'string' && typeof o.start === 'string' && typeof o.end === 'string';
}

type Executor = Pick<Db, 'execute'>;

/** The job's key: one job per professional and span while it waits (a span freed twice is matched once). */
const keyOf = sql`'time_freed:' || f.employee_id || ':' || extract(epoch from f.start_time)::bigint || ':' || extract(epoch from f.end_time)::bigint`;

function insertFrom(source: ReturnType<typeof sql>) {
  return sql`INSERT INTO message_outbox (op, job_key, payload)
    SELECT 'add', ${keyOf}, json_build_object('kind', ${TIME_FREED}::text, 'employeeId', f.employee_id, 'start', f.start_time, 'end', f.end_time)
    FROM (${source}) f WHERE f.employee_id IS NOT NULL AND f.end_time > f.start_time`;
}

/** A span of one professional (her employee record, or her account when `employeeUserId` is given), freed by the caller's transaction. */
export async function enqueueTimeFreed(
  tx: Executor,
  f: ({ employeeId: string } | { employeeUserId: string }) & { start: Date; end: Date },
): Promise<void> {
  const employee =
    'employeeId' in f ? sql`${f.employeeId}::uuid` : sql`(SELECT id FROM employees WHERE user_id = ${f.employeeUserId} LIMIT 1)`;
  await tx.execute(
    insertFrom(
      sql`SELECT ${employee} AS employee_id, ${f.start.toISOString()}::timestamptz AS start_time, ${f.end.toISOString()}::timestamptz AS end_time`,
    ),
  );
}

/** The span a cancelled appointment held (its professional's, without the buffers), in the caller's transaction. */
export const timeFreedOfAppointment = (appointmentId: string) =>
  insertFrom(
    sql`SELECT e.id AS employee_id, a.start_time, a.end_time FROM appointments a JOIN employees e ON e.user_id = a.employee_id WHERE a.id = ${appointmentId}::uuid`,
  );

/** A long closure lifted frees at most this many days: the waiting list covers the weeks ahead (MAX_WAITING_DAYS). */
const MAX_FREED_DAYS = 62;

/** Whole days of one professional (or, with null, of everyone: a closure lifted), from `fromDate` to `toDate` in the salon's zone. */
export async function enqueueDaysFreed(tx: Executor, employeeId: string | null, fromDate: string, toDate: string): Promise<void> {
  await tx.execute(
    insertFrom(sql`SELECT e.id AS employee_id, (d::date)::timestamp AT TIME ZONE ${SALON_TIME_ZONE} AS start_time, ((d::date) + 1)::timestamp AT TIME ZONE ${SALON_TIME_ZONE} AS end_time
      FROM generate_series(${fromDate}::date, ${toDate}::date, interval '1 day') d
      CROSS JOIN employees e WHERE e.is_active AND (${employeeId}::uuid IS NULL OR e.id = ${employeeId}::uuid)
        AND d::date <= ${fromDate}::date + ${MAX_FREED_DAYS}::int`),
  );
}
