import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { appointmentResources, appointments, bonoSessions, employees } from '../../db/schema';
import { visitMessagesCte } from '../../notifications/enqueue';
import { outcomeOf, type BookArgs, type InsertedRow, type InsertOutcome } from './insert-queries';

// A client's visit of several services (ADR 081) in ONE statement (ADR 103): what the client's
// booking statement (insert-queries.ts `bookAtomicallyQuery`) does for one appointment, done for
// every part at once. One statement is one transaction: a part the exclusion constraints refuse
// (the professional's, a cabin's) fails the statement, and no part is written. Before, each part
// was that booking statement of its own in a BEGIN ... COMMIT: four round trips and four planned
// statements for two parts, and one outbox row per part.

/** One part as written: its place in her request (`index`, 0 is the one her confirmation and reminder go with, ADR 093), its professional, its values. */
export type VisitPartWrite = {
  index: number;
  employeeRecordId: string;
  expectedUserId: string;
  values: Omit<BookArgs['values'], 'clientId' | 'clientName' | 'clientEmail'>;
};

export type VisitBookArgs = {
  now: Date;
  visitId: string;
  /** `clientId` '' for a client record without an account (ADR 104: the desk books a visit for a record) */
  client: { clientId: string; clientName: string; clientEmail: string };
  /**
   * The staff's booking for a client record (ADR 104): the record, her lock's key (db/client-lock.ts,
   * taken by the cap's count, as the staff's single booking takes it first) and who booked. Absent:
   * she books for herself (the trigger finds her record, her account is the lock's key).
   */
  record?: { clientRecordId: string; lockKey: string; bookedByUserId: string };
  /** her future visits must be fewer than this (ADR 025; a visit counts once, ADR 083) */
  maxFutureAppointments: number;
  /** the visit's salon date, for her bonos (ADR 037) */
  visitDate: string;
  /** in the order they are written: their professionals' record ids, so racing visits wait in one order (visit-booking.ts) */
  parts: VisitPartWrite[];
};

/** Each part in writing order: the professional as the statement saw it, and the appointment if the visit was written. */
export type VisitPartOutcome = InsertOutcome & { index: number; clientFuture: number };

/**
 * A lone surrogate (her note can hold one: JSON's "\ud800") becomes U+FFFD, as it does in a text
 * parameter (node-pg sends UTF-8); left in the JSON parameter, PostgreSQL would refuse the JSON.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\ufffd') : value);

export function bookVisitQuery(args: VisitBookArgs) {
  const c = args.client;
  const r = args.record;
  const parts = JSON.stringify(
    args.parts.map((p, n) => ({
      n,
      i: p.index,
      employee_record_id: p.employeeRecordId,
      expected_user_id: p.expectedUserId,
      employee_name: p.values.employeeName,
      service_id: p.values.serviceId,
      service_name: p.values.serviceName,
      service_duration: p.values.serviceDuration,
      price: p.values.price,
      start_time: p.values.startTime.toISOString(),
      end_time: p.values.endTime.toISOString(),
      notes: p.values.notes,
      prep_minutes: p.values.prepMinutes,
      cleanup_minutes: p.values.cleanupMinutes,
    })),
    wellFormed,
  );
  const held = JSON.stringify(
    args.parts.flatMap((p) => p.values.resourceIds.map((id) => ({ service_id: p.values.serviceId, resource_id: id }))),
  );
  // `emp`: every part's professional FOR SHARE (ADR 004), in id order; `cap`: her future visits
  // counted under her lock (ADR 031, 053); `ins`: every part or none (all professionals as the
  // checks saw them, and under the cap). A visit never has one service twice (visit-booking.ts),
  // so the service names a part. The bono of each part as the single booking takes it (ADR 037),
  // in writing order.
  return sql`
    WITH p AS (
      SELECT * FROM json_to_recordset(${parts}::json) AS p(n int, i int, employee_record_id uuid, expected_user_id text, employee_name text,
        service_id uuid, service_name text, service_duration int, price numeric, start_time timestamptz, end_time timestamptz,
        notes text, prep_minutes int, cleanup_minutes int)
    ), emp AS (
      SELECT e.id, e.user_id, e.is_active FROM ${employees} e WHERE e.id IN (SELECT employee_record_id FROM p) ORDER BY e.id FOR SHARE
    ), cap AS (
      SELECT client_future_confirmed_locked(${r?.lockKey ?? c.clientId}, ${args.now.toISOString()}::timestamptz) AS n
    ), ok AS (
      SELECT NOT EXISTS (SELECT 1 FROM p LEFT JOIN emp ON emp.id = p.employee_record_id
                          WHERE NOT coalesce(emp.is_active AND emp.user_id = p.expected_user_id, false)) AS all_held
    ), ins AS (
      INSERT INTO ${appointments} (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                                   service_duration, price, start_time, end_time, status, notes_client, prep_minutes, cleanup_minutes, visit_id,
                                   client_record_id, booked_by, booked_by_user_id)
      SELECT NULLIF(${c.clientId}, ''), ${c.clientName}, ${c.clientEmail}, emp.user_id, p.employee_name, p.service_id, p.service_name,
             p.service_duration, p.price, p.start_time, p.end_time, 'confirmed', p.notes, p.prep_minutes, p.cleanup_minutes, ${args.visitId}::uuid,
             ${r?.clientRecordId ?? null}::uuid, ${r ? 'staff' : 'client'}, ${r?.bookedByUserId ?? null}
      FROM p JOIN emp ON emp.id = p.employee_record_id, cap, ok
      WHERE ok.all_held AND cap.n < ${args.maxFutureAppointments}::int
      ORDER BY p.n
      RETURNING id, start_time, end_time, service_name, employee_name, price, message_sequence, prep_minutes, cleanup_minutes, client_record_id, service_id, visit_id
    ), part AS (
      SELECT ins.*, p.n, p.i = 0 AS first FROM ins JOIN p ON p.service_id = ins.service_id
    ), res AS (
      INSERT INTO ${appointmentResources} (appointment_id, resource_id, block_start, block_end)
      SELECT part.id, r.resource_id, part.start_time - make_interval(mins => part.prep_minutes), part.end_time + make_interval(mins => part.cleanup_minutes)
      FROM json_to_recordset(${held}::json) AS r(service_id uuid, resource_id uuid) JOIN part ON part.service_id = r.service_id
    ), ${visitMessagesCte(args.now)},
    bono AS (
      SELECT q.id AS appointment_id, bono_take(q.client_record_id, q.service_id, ${args.visitDate}::date, NULL::uuid) AS id
      FROM (SELECT * FROM part ORDER BY part.n) q
    ), bono_session AS (
      INSERT INTO ${bonoSessions} (bono_id, appointment_id) SELECT bono.id, bono.appointment_id FROM bono WHERE bono.id IS NOT NULL
    ), bono_missed AS (
      SELECT part.id AS appointment_id, bono_covers_visit(part.client_record_id, part.service_id, ${args.visitDate}::date) AS missed FROM part
    )
    SELECT p.i, emp.user_id, emp.is_active, part.id, part.start_time, part.end_time, part.service_name, part.employee_name, part.price,
           (SELECT n FROM cap) AS client_future, bono.id AS bono_id, bono_missed.missed AS bono_missed
    FROM p LEFT JOIN emp ON emp.id = p.employee_record_id LEFT JOIN part ON part.n = p.n
      LEFT JOIN bono ON bono.appointment_id = part.id LEFT JOIN bono_missed ON bono_missed.appointment_id = part.id
    ORDER BY p.n`;
}

/** The visit's statement, prepared once per connection as the single booking's is. */
export async function bookVisitAtomically(db: Db, args: VisitBookArgs): Promise<VisitPartOutcome[]> {
  const rows = await runPrepared<InsertedRow & { i: number; client_future: number | null }>(db, 'auna_book_visit', bookVisitQuery(args));
  return rows.map((r) => {
    const outcome: InsertOutcome = r.user_id === null && r.is_active === null ? { current: null, row: null } : outcomeOf(r);
    return { ...outcome, index: Number(r.i), clientFuture: Number(r.client_future ?? 0) };
  });
}
