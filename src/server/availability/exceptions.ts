import { sql } from 'drizzle-orm';
import { closedLabel, conflictOf, dayPlan, type DayClosed, type Exceptions, type SalonException, type TimeOff } from '../../domain/availability';
import { blockedSpan } from '../../domain/resources';
import { addDays, salonDateOf, SALON_TIME_ZONE } from '../../domain/salon-time';
import type { DaySchedule } from '../../domain/weekly-schedule';
import type { Db } from '../db/client';
import { appointments, employees, employeeTimeOff, salonExceptions } from '../db/schema';

// Closures, special hours and time off as the server reads them (docs/decisions/023).
// Shared by every feature that decides availability, so none re-implements it: the booking's hot
// path reads the same rows inside its one-round-trip context (features/booking/context-queries.ts).

/** The pool or a transaction. */
export type Reader = Pick<Db, 'execute'>;

export type SalonExceptionRow = SalonException & { id: string };
export type TimeOffRow = TimeOff & { id: string; employeeId: string; employeeName: string };

/** Salon exceptions and (for `employeeIds`, or everyone when omitted) time off touching [from, to]. */
export async function exceptionsBetween(db: Reader, from: string, to: string, employeeIds?: string[]): Promise<{ salon: SalonExceptionRow[]; timeOff: TimeOffRow[] }> {
  const salon = await db.execute<{ id: string; kind: 'closed' | 'special_hours'; start_date: string; end_date: string; start_time: string | null; end_time: string | null; reason: string }>(sql`
    SELECT id, kind, start_date::text, end_date::text, start_time, end_time, reason FROM ${salonExceptions}
    WHERE end_date >= ${from}::date AND start_date <= ${to}::date ORDER BY start_date, created_at`);
  const only = employeeIds ? sql`AND t.employee_id = ANY(${`{${employeeIds.join(',')}}`}::uuid[])` : sql``;
  const off = await db.execute<{ id: string; employee_id: string; employee_name: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null; reason: string }>(sql`
    SELECT t.id, t.employee_id, e.name AS employee_name, t.start_date::text, t.end_date::text, t.start_time, t.end_time, t.reason
    FROM ${employeeTimeOff} t JOIN ${employees} e ON e.id = t.employee_id
    WHERE t.end_date >= ${from}::date AND t.start_date <= ${to}::date ${only} ORDER BY t.start_date, t.created_at`);
  return {
    salon: salon.rows.map((r) =>
      r.kind === 'closed'
        ? { id: r.id, kind: 'closed', startDate: r.start_date, endDate: r.end_date, reason: r.reason }
        : { id: r.id, kind: 'special_hours', startDate: r.start_date, endDate: r.end_date, startTime: r.start_time ?? '', endTime: r.end_time ?? '', reason: r.reason },
    ),
    timeOff: off.rows.map((r) => ({ id: r.id, employeeId: r.employee_id, employeeName: r.employee_name, startDate: r.start_date, endDate: r.end_date, startTime: r.start_time, endTime: r.end_time, reason: r.reason })),
  };
}

export type Conflict = {
  /** the appointment's id: what "Cancelar como salón" (and "Mover", ADR 020) acts on */
  id: string;
  date: string;
  startTime: Date;
  endTime: Date;
  clientName: string;
  serviceName: string;
  employeeName: string;
  /** the professional's user id (as appointments store it) */
  employeeId: string;
  /** 'Cerrado: Reyes', 'Ausencia: Vacaciones' */
  label: string;
  kind: DayClosed['kind'];
};

/**
 * Confirmed appointments from `now` on that a closure, special hours or a time off leaves outside
 * availability. Nothing is cancelled: the admin decides on each (docs/decisions/023).
 */
export async function futureConflicts(db: Reader, now: Date, limit = 500): Promise<Conflict[]> {
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const rows = await db.execute<{ id: string; start_time: Date | string; end_time: Date | string; client_name: string; service_name: string; employee_name: string; employee_id: string; employee_record_id: string | null; prep_minutes: number; cleanup_minutes: number }>(sql`
    WITH ranges AS (
      SELECT NULL::uuid AS employee_id, start_date, end_date FROM ${salonExceptions} WHERE end_date >= ${today}::date
      UNION ALL
      SELECT employee_id, start_date, end_date FROM ${employeeTimeOff} WHERE end_date >= ${today}::date
    )
    SELECT DISTINCT a.id, a.start_time, a.end_time, a.client_name, a.service_name, a.employee_name, a.employee_id, e.id AS employee_record_id,
      a.prep_minutes, a.cleanup_minutes
    FROM ranges r
    JOIN ${appointments} a ON a.status = 'confirmed'
      AND a.start_time >= greatest(${now.toISOString()}::timestamptz, r.start_date::timestamp AT TIME ZONE ${SALON_TIME_ZONE})
      AND a.start_time < (r.end_date + 1)::timestamp AT TIME ZONE ${SALON_TIME_ZONE}
    LEFT JOIN ${employees} e ON e.user_id = a.employee_id
    WHERE r.employee_id IS NULL OR r.employee_id = e.id
    ORDER BY a.start_time, a.id
    LIMIT ${limit}`);
  if (rows.rows.length === 0) return [];
  const ex = await exceptionsBetween(db, today, '9999-12-30');
  const out: Conflict[] = [];
  for (const r of rows.rows) {
    const start = new Date(r.start_time);
    const end = new Date(r.end_time);
    const date = salonDateOf(start, SALON_TIME_ZONE);
    const mine: Exceptions = { salon: ex.salon, timeOff: ex.timeOff.filter((t) => t.employeeId === r.employee_record_id) };
    // Its preparation and cleaning minutes need the professional too (ADR 036): a time off from
    // 10:00 conflicts with a 10:10 facial that needs 10 minutes to prepare the cabin.
    const closed = conflictOf(date, blockedSpan({ start, end }, { prepMinutes: r.prep_minutes, cleanupMinutes: r.cleanup_minutes }), mine, SALON_TIME_ZONE);
    if (!closed) continue;
    out.push({ id: r.id, date, startTime: start, endTime: end, clientName: r.client_name, serviceName: r.service_name, employeeName: r.employee_name, employeeId: r.employee_id, label: closedLabel(closed), kind: closed.kind });
  }
  return out;
}

/** Days in [from, to] a closure or a whole-day time off makes unavailable for a professional (calendars). */
export async function closedDays(db: Reader, employeeRecordId: string | null, from: string, to: string): Promise<Array<{ date: string } & DayClosed>> {
  const ex = await exceptionsBetween(db, from, to, employeeRecordId ? [employeeRecordId] : []);
  const out: Array<{ date: string } & DayClosed> = [];
  const working: DaySchedule = { isWorkingDay: true, startTime: '00:00', endTime: '23:59', breaks: [] };
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const closed = dayPlan(d, working, ex, SALON_TIME_ZONE).closed;
    if (closed) out.push({ date: d, ...closed });
  }
  return out;
}

/** Whether `userId` is the account of the employee record `employeeRecordId` (its time off is theirs). */
export async function isEmployeeRecordOf(db: Reader, employeeRecordId: string, userId: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`SELECT id FROM ${employees} WHERE id = ${employeeRecordId} AND user_id = ${userId}`);
  return rows.rows.length > 0;
}

/** closedDays for the professional whose login is `userId` (the agenda); salon closures only when none. */
export async function closedDaysOfUser(db: Reader, userId: string, from: string, to: string) {
  const rows = await db.execute<{ id: string }>(sql`SELECT id FROM ${employees} WHERE user_id = ${userId}`);
  return closedDays(db, rows.rows[0]?.id ?? null, from, to);
}
