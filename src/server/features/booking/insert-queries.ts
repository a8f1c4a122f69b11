import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { appointmentResources, appointments, bonoSessions, clients, employees } from '../../db/schema';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { againOnFirstRace, rateCountAfterCte, rateDecision, type RateDecision, type RateRule } from '../../auth/rate-limit-store';
import { bookingMessagesCte } from '../../notifications/enqueue';

// The statements that insert an appointment: the client's booking and the staff's booking for a
// client record. Each is ONE statement with its messages enqueued in it (ADR 021); what the
// caller does with the answer is in booking-write.ts.

/**
 * `bonoMissed` (ADR 053): she has a bono for this service valid that day, yet the visit took no
 * session of it (its last one went to another booking a moment before, or none was left): the
 * visit is paid normally, and her answer and the desk say so.
 */
export type BookedRow = { id: string; startTime: Date; endTime: Date; status: 'confirmed'; serviceName: string; employeeName: string; price: number; bonoId: string | null; bonoMissed: boolean };

/** What an insert statement answers: the professional's row as it saw it, and the appointment if inserted. */
export type InsertedRow = { user_id: string | null; is_active: boolean; id: string | null; start_time: string | Date; end_time: string | Date; service_name: string; employee_name: string; price: string; bono_id: string | null; bono_missed: boolean | null };

/** `current`: the professional as the statement saw it (null: gone); `row`: the appointment, if inserted. */
export type InsertOutcome = { current: { userId: string | null; isActive: boolean } | null; row: BookedRow | null };

export function outcomeOf(r: InsertedRow): InsertOutcome {
  return {
    current: { userId: r.user_id, isActive: r.is_active },
    row: r.id
      ? { id: r.id, startTime: new Date(r.start_time), endTime: new Date(r.end_time), status: 'confirmed', serviceName: r.service_name, employeeName: r.employee_name, price: Number(r.price), bonoId: r.bono_id ?? null, bonoMissed: !r.bono_id && r.bono_missed === true }
      : null,
  };
}

export type BookArgs = {
  /** the server's clock: a reminder whose moment is already past is not enqueued */
  now: Date;
  employeeRecordId: string;
  expectedUserId: string;
  values: {
    clientId: string;
    clientName: string;
    clientEmail: string;
    employeeName: string;
    serviceId: string;
    serviceName: string;
    serviceDuration: number;
    price: number;
    startTime: Date;
    endTime: Date;
    notes: string;
    /** ADR 036: the appointment's copy of its service's buffers, and the resources it holds */
    prepMinutes: number;
    cleanupMinutes: number;
    resourceIds: string[];
  };
  /** ADR 037: which bono the visit uses: undefined the one that expires first, null none, an id that one. */
  bono?: string | null;
  /** ADR 081: the visit of several services this appointment is a part of (null: a visit of one). */
  visitId?: string | null;
};

/** A PostgreSQL array literal of uuids (the ids were checked as uuids or read from the database). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The appointment's resources, in the same statement as its insert (ADR 036): each held for the
 * appointment's span with its buffers. A resource another appointment holds then fails the
 * statement with 23P01 (appointment_resources_no_overlap) and nothing at all is written.
 */
const resourcesCte = (ids: readonly string[]) => sql`res AS (
      INSERT INTO ${appointmentResources} (appointment_id, resource_id, block_start, block_end)
      SELECT ins.id, r.id, ins.start_time - make_interval(mins => ins.prep_minutes), ins.end_time + make_interval(mins => ins.cleanup_minutes)
      FROM ins CROSS JOIN unnest(${uuidArray(ids)}::uuid[]) AS r(id)
    )`;

/**
 * ADR 037: one session of the client record's bono, in the same statement as the appointment
 * (bono_take, migration 0013, counts it under the bono's row lock; none fits: the visit is paid
 * normally). The record is the inserted row's (the trigger appointments_client_record fills it
 * for an account's booking). The SQL text is the same whatever the choice (prepared statements).
 */
function bonoCtes(args: BookArgs) {
  const use = args.bono !== null;
  const wanted = typeof args.bono === 'string' ? args.bono : null;
  const visit = salonDateOf(args.values.startTime, SALON_TIME_ZONE);
  return sql`bono AS (
      SELECT bono_take(ins.client_record_id, ins.service_id, ${visit}::date, ${wanted}::uuid) AS id FROM ins WHERE ${use}::boolean
    ), bono_session AS (
      INSERT INTO ${bonoSessions} (bono_id, appointment_id) SELECT bono.id, ins.id FROM bono, ins WHERE bono.id IS NOT NULL
    ), bono_missed AS (
      SELECT ${use}::boolean AND bono_covers_visit(ins.client_record_id, ins.service_id, ${visit}::date) AS missed FROM ins
    )`;
}

/**
 * A client's booking for herself: also under the salon's cap of future confirmed appointments (ADR
 * 025), and her attempt counted in the same statement (`rate`, ADR 106).
 */
export type SelfBookArgs = BookArgs & { maxFutureAppointments: number; rate: { key: string; rule: RateRule; now: number } };

export function bookAtomicallyQuery(args: SelfBookArgs) {
  const v = args.values;
  // `cap`: the client's future confirmed appointments, counted under an advisory lock on her
  // (migration 0009, ADR 031), so simultaneous bookings of one client pass the cap one at a time.
  // `rl`: her attempt counted (ADR 025's limit) in this statement's transaction, after her lock
  // (it reads `cap`); over the limit nothing is inserted and the caller answers 429 (ADR 106).
  return sql`
    WITH emp AS (
      SELECT user_id, is_active FROM ${employees} WHERE id = ${args.employeeRecordId}::uuid FOR SHARE
    ), cap AS (
      SELECT client_future_confirmed_locked(${v.clientId}, ${args.now.toISOString()}::timestamptz) AS n
    ), ${rateCountAfterCte(args.rate.key, args.rate.rule, args.rate.now, sql`cap`)}, ins AS (
      INSERT INTO ${appointments} (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                                   service_duration, price, start_time, end_time, status, notes_client, prep_minutes, cleanup_minutes, visit_id)
      SELECT ${v.clientId}, ${v.clientName}, ${v.clientEmail}, emp.user_id, ${v.employeeName}, ${v.serviceId}::uuid, ${v.serviceName},
             ${v.serviceDuration}::int, ${v.price}::numeric, ${v.startTime.toISOString()}::timestamptz, ${v.endTime.toISOString()}::timestamptz,
             'confirmed', ${v.notes}, ${v.prepMinutes}::int, ${v.cleanupMinutes}::int, ${args.visitId ?? null}::uuid
      FROM emp, cap WHERE emp.is_active AND emp.user_id = ${args.expectedUserId} AND cap.n < ${args.maxFutureAppointments}::int
        AND (SELECT rl.count FROM rl) <= ${args.rate.rule.max}::int
      RETURNING id, start_time, end_time, service_name, employee_name, price, message_sequence, prep_minutes, cleanup_minutes, client_record_id, service_id
    ), ${resourcesCte(v.resourceIds)}, ${bookingMessagesCte(args.now)}, ${bonoCtes(args)}
    SELECT emp.user_id, emp.is_active, ins.id, ins.start_time, ins.end_time, ins.service_name, ins.employee_name, ins.price,
           (SELECT n FROM cap) AS client_future, (SELECT count(*) FROM msg) AS messages, (SELECT id FROM bono) AS bono_id,
           (SELECT missed FROM bono_missed) AS bono_missed,
           (SELECT json_build_object('count', rl.count, 'last_request', rl.last_request) FROM rl) AS rate
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
): Promise<InsertOutcome & { clientFuture: number; rate: RateDecision }> {
  // Her first counted attempt ever, twice at once, can meet on the rate row's id (23505): the
  // statement wrote nothing then, and runs again (auth/rate-limit-store.ts).
  const rows = await againOnFirstRace(() =>
    runPrepared<InsertedRow & { client_future: number | null; rate: { count: number; last_request: string } | null }>(db, 'auna_book', bookAtomicallyQuery(args)),
  );
  const r = rows[0];
  // No professional row: the statement's FROM is empty, yet her attempt was counted (`rl` runs to completion).
  if (!r) return { current: null, row: null, clientFuture: 0, rate: { allowed: true, retryAfter: null } };
  return { ...outcomeOf(r), clientFuture: Number(r.client_future ?? 0), rate: rateDecision(r.rate ?? undefined, args.rate.rule, args.rate.now) };
}

/**
 * `clientLockKey`: her lock (db/client-lock.ts), taken first in the statement (ADR 053).
 * `fittedIn`: a squeeze or a walk-in (ADR 058), null for a time the slot engine offered.
 */
export type StaffBookArgs = BookArgs & {
  clientRecordId: string;
  clientLockKey: string;
  bookedByUserId: string | null;
  fittedIn?: string | null;
  /** 'client': she booked it herself from a waiting-list offer's link (ADR 072); else the staff. */
  bookedBy?: 'client' | 'staff';
};

/**
 * The staff's booking for a salon client record: the same single statement as `bookAtomically`
 * (her lock first, ADR 053, as the client's own booking takes it in `cap`; the professional's row
 * FOR SHARE, the insert, the exclusion constraint deciding races), with
 * the record, who booked it and `booked_by = 'staff'`. `client_id` is the record's account, if any.
 * The client's confirmation, the professional's notice and the reminder are enqueued in the same
 * statement (ADR 021); a client record without an email gets none (the job records `no_email`).
 */
export async function bookForClient(db: Db, args: StaffBookArgs): Promise<InsertOutcome> {
  const v = args.values;
  const rows = await runPrepared<InsertedRow>(
    db,
    'auna_book_staff',
    sql`
    WITH lk AS (
      SELECT client_lock(${args.clientLockKey}) AS taken
    ), emp AS (
      SELECT user_id, is_active FROM ${employees} WHERE id = ${args.employeeRecordId}::uuid FOR SHARE
    ), ins AS (
      INSERT INTO ${appointments} (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                                   service_duration, price, start_time, end_time, status, notes_client,
                                   client_record_id, booked_by, booked_by_user_id, prep_minutes, cleanup_minutes, fitted_in)
      SELECT ${v.clientId || null}, ${v.clientName}, ${v.clientEmail}, emp.user_id, ${v.employeeName}, ${v.serviceId}::uuid, ${v.serviceName},
             ${v.serviceDuration}::int, ${v.price}::numeric, ${v.startTime.toISOString()}::timestamptz, ${v.endTime.toISOString()}::timestamptz,
             'confirmed', ${v.notes}, ${args.clientRecordId}::uuid, ${args.bookedBy ?? 'staff'}, ${args.bookedByUserId}, ${v.prepMinutes}::int, ${v.cleanupMinutes}::int,
             ${args.fittedIn ?? null}::text
      FROM lk, emp WHERE emp.is_active AND emp.user_id = ${args.expectedUserId}
      RETURNING id, start_time, end_time, service_name, employee_name, price, message_sequence, prep_minutes, cleanup_minutes, client_record_id, service_id
    ), ${resourcesCte(v.resourceIds)}, ${bookingMessagesCte(args.now)}, ${bonoCtes(args)}
    SELECT emp.user_id, emp.is_active, ins.id, ins.start_time, ins.end_time, ins.service_name, ins.employee_name, ins.price,
           (SELECT count(*) FROM msg) AS messages, (SELECT id FROM bono) AS bono_id, (SELECT missed FROM bono_missed) AS bono_missed
    FROM emp LEFT JOIN ins ON true`,
  );
  const r = rows[0];
  return r ? outcomeOf(r) : { current: null, row: null };
}

export async function clientRecord(db: Db, id: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, email: clients.email, phone: clients.phone, userId: clients.userId })
    .from(clients)
    .where(eq(clients.id, id));
  return row;
}

/** ADR 037: whether this bono of the record can take a session of this service on this day (bono_take's rule). */
export async function bonoFits(db: Db, q: { bonoId: string; clientRecordId: string; serviceId: string; date: string }) {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM bonos b
     WHERE b.id = ${q.bonoId}::uuid AND b.client_id = ${q.clientRecordId}::uuid AND b.refunded_at IS NULL
       AND b.expires_on >= ${q.date}::date AND b.sessions_held < b.sessions
       AND EXISTS (SELECT 1 FROM bono_type_services s WHERE s.bono_type_id = b.bono_type_id AND s.service_id = ${q.serviceId}::uuid)`);
  return rows.length > 0;
}
