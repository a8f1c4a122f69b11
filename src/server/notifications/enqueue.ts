import { sql, type SQL } from 'drizzle-orm';
import { deliveryKey, REPLY_KINDS, type ReplyKind, type Via } from '../../domain/notification-rules';
import type { Db } from '../db/client';
import { timeFreedOfAppointment } from './time-freed';
import { reminderHolder } from '../../domain/visit-messages';

// Messages are written INSIDE the transaction that makes the change (ADR 021), as rows of
// message_outbox (ADR 028): a booking without its confirmation, or a confirmation of a booking
// that rolled back, cannot happen. The relay (relay.ts) turns each row into a graphile-worker job
// outside that transaction, in order; each job's key is the message's idempotency key, so the same
// message written twice while it waits leaves one job.

export const MESSAGE_TASK = 'appointment_message';
/** With graphile-worker's exponential backoff (exp(min(attempt, 10)) s), about 3 days of retries. */
export const MESSAGE_MAX_ATTEMPTS = 25;

/** Every kind of message: the payload's type, and what the worker accepts off the queue. */
export const MESSAGE_KINDS = ['confirmation', 'cancellation', 'rescheduled', 'reminder', 'consent_reminder'] as const;

export type MessagePayload = {
  appointmentId: string;
  kind: (typeof MESSAGE_KINDS)[number];
  recipient: 'client' | 'professional';
  version: number;
};

/** A reply on WhatsApp to her answer (ADR 055): free text, to her only. */
export type ReplyPayload = { appointmentId: string; kind: ReplyKind; recipient: 'client'; version: number };
/** What a job carries: a message or a reply; `via`, the channel of a fallback (ADR 057). */
export type JobPayload = (MessagePayload | ReplyPayload) & { via?: Via };
/** Every kind the worker accepts off the queue. */
export const JOB_KINDS = [...MESSAGE_KINDS, ...REPLY_KINDS] as const;

type Executor = Pick<Db, 'execute'>;

/**
 * One delivery written to the outbox in the caller's transaction (a reply, or a fallback to the
 * next channel): its job key is its idempotency key, so writing it twice sends it once.
 */
export async function enqueueDelivery(tx: Executor, p: JobPayload): Promise<void> {
  await tx.execute(sql`INSERT INTO message_outbox (op, job_key, payload) VALUES ('add', ${deliveryKey(p)}, ${JSON.stringify(p)}::json)`);
}

/**
 * The jobs of one kind for the appointment rows of `source`, as a SELECT of (appointment_id, ord,
 * key, payload, run_at): written one outbox row each (`addJobs`) or, for a booking, all of an
 * appointment's in one row (`bookingMessagesCte`, ADR 097). `ord` keeps a booking's jobs in the
 * order they were always written.
 */
const insertJobs = (jobs: SQL) =>
  sql`INSERT INTO message_outbox (op, job_key, payload, run_at) SELECT 'add', j.key, j.payload, j.run_at FROM (${jobs}) j RETURNING id`;

/** The client's and the professional's message of `kind` for the rows of `source` (columns id, message_sequence). */
function noticeJobs(source: SQL, kind: MessagePayload['kind'], toClient = true): SQL {
  const recipients = toClient ? sql`(VALUES ('client', 1), ('professional', 2))` : sql`(VALUES ('professional', 2))`;
  return sql`
    SELECT src.id AS appointment_id, r.ord, ${kind}::text || ':' || r.recipient || ':' || src.id || ':' || src.message_sequence AS key,
           json_build_object('appointmentId', src.id, 'kind', ${kind}::text, 'recipient', r.recipient, 'version', src.message_sequence) AS payload,
           NULL::timestamptz AS run_at
    FROM ${source} src CROSS JOIN ${recipients} r(recipient, ord)`;
}
/** An INSERT (for a CTE) of `noticeJobs`, returning one row per message. */
const noticesFrom = (source: SQL, kind: MessagePayload['kind'], toClient = true) => insertJobs(noticeJobs(source, kind, toClient));

/**
 * The reminder of the rows of `source` (id, start_time, message_sequence): one job per
 * appointment under the key reminder:<id>, REPLACED when the time changes; not added when the
 * salon has reminders off or the moment has passed (booked inside the window). Same rule as
 * domain reminderRunAt.
 */
function reminderJobs(source: SQL, now: Date): SQL {
  return sql`
    SELECT src.id AS appointment_id, 3 AS ord, 'reminder:' || src.id AS key,
           json_build_object('appointmentId', src.id, 'kind', 'reminder', 'recipient', 'client', 'version', src.message_sequence) AS payload,
           src.start_time - make_interval(hours => st.h) AS run_at
    FROM ${source} src, (SELECT coalesce((SELECT reminder_hours FROM salon_settings WHERE id = 1), 24) AS h) st
    WHERE st.h > 0 AND src.start_time - make_interval(hours => st.h) > ${now.toISOString()}::timestamptz`;
}
const reminderFrom = (source: SQL, now: Date) => insertJobs(reminderJobs(source, now));

/** The reminder of appointment `id` is not to be sent (cancelled, or moved into its window). */
const removeReminder = (id: SQL) => sql`INSERT INTO message_outbox (op, job_key) SELECT 'remove', 'reminder:' || ${id}`;

/** How long before the visit "Firma tu consentimiento" is asked again if still unsigned (ADR 041). */
export const CONSENT_REMINDER_HOURS = 48;

/**
 * The consent reminder of the rows of `source` (id, start_time, message_sequence, service_id),
 * ADR 041: 48 h before, under the key consent_reminder:<id> (replaced when the time changes), for
 * a service that requires an active consent template; whether it is still unsigned is decided
 * when it leaves (deliver.ts). It carries only the link, never an answer.
 */
function consentReminderJobs(source: SQL, now: Date): SQL {
  return sql`
    SELECT src.id AS appointment_id, 4 AS ord, 'consent_reminder:' || src.id AS key,
           json_build_object('appointmentId', src.id, 'kind', 'consent_reminder', 'recipient', 'client', 'version', src.message_sequence) AS payload,
           src.start_time - make_interval(hours => ${CONSENT_REMINDER_HOURS}) AS run_at
    FROM ${source} src
    WHERE src.start_time - make_interval(hours => ${CONSENT_REMINDER_HOURS}) > ${now.toISOString()}::timestamptz
      AND EXISTS (SELECT 1 FROM service_consent_templates st JOIN consent_templates t ON t.id = st.template_id AND t.active WHERE st.service_id = src.service_id)`;
}
const consentReminderFrom = (source: SQL, now: Date) => insertJobs(consentReminderJobs(source, now));
const removeConsentReminder = (id: SQL) => sql`INSERT INTO message_outbox (op, job_key) SELECT 'remove', 'consent_reminder:' || ${id}`;

/**
 * For the booking statement (features/booking/insert-queries.ts): CTE text that writes the
 * confirmation, the professional's notice and the reminder of the rows of CTE `ins`. A visit's
 * parts have theirs from `visitMessagesCte` (ADR 093, 103).
 */
export function bookingMessagesCte(now: Date): SQL {
  // One outbox row per appointment with all its jobs (ADR 097); `msg` counts the messages (the
  // consent reminder is not one of them, but is written all the same).
  return sql`jobs AS (${noticeJobs(sql`ins`, 'confirmation')} UNION ALL ${reminderJobs(sql`ins`, now)} UNION ALL ${consentReminderJobs(sql`ins`, now)}),
    outbox AS (
      INSERT INTO message_outbox (op, job_key, payload)
      SELECT 'add_many', 'booking:' || j.appointment_id,
             json_agg(json_build_object('key', j.key, 'payload', j.payload, 'runAt', j.run_at) ORDER BY j.ord)
      FROM jobs j GROUP BY j.appointment_id
      RETURNING id
    ),
    msg AS (SELECT key FROM jobs WHERE ord < 4)`;
}

/**
 * For the visit's booking statement (features/booking/visit-insert-query.ts): its messages as ONE
 * outbox row for the whole visit, as `bookingMessagesCte` writes one for a booking (ADR 097).
 * The rows of CTE `part` (ins's columns, `n` its place in the writing order and `first` the part
 * whose client confirmation and reminder list every part, ADR 093) get the same jobs the visit's
 * parts got one statement each: her confirmation and the reminder on the first, the professional's
 * notice and the consent reminder on each, in the order they were written.
 */
export function visitMessagesCte(now: Date): SQL {
  const first = sql`(SELECT * FROM part WHERE first)`;
  const later = sql`(SELECT * FROM part WHERE NOT first)`;
  return sql`jobs AS (${noticeJobs(first, 'confirmation', true)} UNION ALL ${reminderJobs(first, now)}
      UNION ALL ${noticeJobs(later, 'confirmation', false)} UNION ALL ${consentReminderJobs(sql`part`, now)}),
    outbox AS (
      INSERT INTO message_outbox (op, job_key, payload)
      SELECT 'add_many', 'visit:' || min(p.visit_id::text),
             json_agg(json_build_object('key', j.key, 'payload', j.payload, 'runAt', j.run_at) ORDER BY p.n, j.ord)
      FROM jobs j JOIN part p ON p.id = j.appointment_id
      HAVING count(*) > 0
      RETURNING id
    )`;
}

export type EnqueueRequest =
  /** a new appointment made outside the client booking statement (e.g. by the front desk) */
  | { kind: 'confirmation'; appointmentId: string; now: Date }
  /**
   * after the status changed to cancelled_by_client or cancelled_by_salon, same transaction;
   * `toClient` false: a part of a visit cancelled with others, whose one message to her is the
   * earliest part's (notifications/visit-cancellation.ts, ADR 098)
   */
  | { kind: 'cancellation'; appointmentId: string; now: Date; toClient?: boolean }
  /** after start_time/end_time changed, same transaction: raises the SEQUENCE, moves the reminder */
  | { kind: 'rescheduled'; appointmentId: string; now: Date };

/**
 * The one entry point for every change but the client's own booking: call it with the
 * transaction that changed the appointment (`db.transaction(async (tx) => …)`), after the change.
 * The reschedule (features/booking/reschedule.ts) calls `enqueueAppointmentMessages(tx, { kind: 'rescheduled', appointmentId, now })`.
 */
export async function enqueueAppointmentMessages(tx: Executor, req: EnqueueRequest): Promise<void> {
  const id = req.appointmentId;
  if (req.kind === 'rescheduled') {
    await tx.execute(sql`
      WITH src AS (
        UPDATE appointments SET message_sequence = message_sequence + 1 WHERE id = ${id}::uuid
        RETURNING id, start_time, message_sequence, service_id
      ), notices AS (${noticesFrom(sql`src`, 'rescheduled')}), reminder AS (${reminderFrom(sql`src`, req.now)}),
      -- a move into the reminder window: the old reminder must not go either
      removed AS (${removeReminder(sql`src.id::text`)} FROM src WHERE NOT EXISTS (SELECT 1 FROM reminder) RETURNING id),
      consent_reminder AS (${consentReminderFrom(sql`src`, req.now)}),
      consent_removed AS (${removeConsentReminder(sql`src.id::text`)} FROM src WHERE NOT EXISTS (SELECT 1 FROM consent_reminder) RETURNING id)
      SELECT (SELECT count(*) FROM notices) AS n, (SELECT count(*) FROM reminder) AS r, (SELECT count(*) FROM removed) AS removed,
             (SELECT count(*) FROM consent_reminder) AS cr, (SELECT count(*) FROM consent_removed) AS cremoved`);
    await keepVisitReminder(tx, id, req.now);
    return;
  }
  const src = sql`(SELECT id, start_time, message_sequence, service_id FROM appointments WHERE id = ${id}::uuid)`;
  if (req.kind === 'confirmation') {
    await tx.execute(sql`WITH notices AS (${noticesFrom(src, 'confirmation')}), reminder AS (${reminderFrom(src, req.now)}),
      consent_reminder AS (${consentReminderFrom(src, req.now)})
      SELECT (SELECT count(*) FROM notices) AS n, (SELECT count(*) FROM reminder) AS r, (SELECT count(*) FROM consent_reminder) AS cr`);
    return;
  }
  // The time it held is free again: the waiting list hears of it in this same transaction (ADR 071).
  await tx.execute(sql`WITH notices AS (${noticesFrom(src, 'cancellation', req.toClient ?? true)}), removed AS (${removeReminder(sql`${id}::text`)} RETURNING id),
    consent_removed AS (${removeConsentReminder(sql`${id}::text`)} RETURNING id), freed AS (${timeFreedOfAppointment(id)} RETURNING id)
    SELECT (SELECT count(*) FROM notices) AS n, (SELECT count(*) FROM removed) AS removed, (SELECT count(*) FROM consent_removed) AS cremoved,
           (SELECT count(*) FROM freed) AS freed`);
  await keepVisitReminder(tx, id, req.now);
}

/**
 * A visit's one reminder (ADRs 093, 098) after one of its parts was moved or cancelled: it belongs
 * to the earliest part still confirmed (domain reminderHolder), at that part's time, and no other
 * part keeps one. Nothing for an appointment outside a visit (the first query finds no row).
 */
export async function keepVisitReminder(tx: Executor, appointmentId: string, now: Date): Promise<void> {
  const res = await tx.execute<{ id: string; start_time: Date | string; status: string }>(sql`
    SELECT p.id, p.start_time, p.status FROM appointments a JOIN appointments p ON p.visit_id = a.visit_id
    WHERE a.id = ${appointmentId}::uuid AND a.visit_id IS NOT NULL`);
  if (res.rows.length === 0) return;
  const holder = reminderHolder(res.rows.map((r) => ({ id: r.id, start: new Date(r.start_time), status: r.status })))?.id ?? null;
  const head = sql`(SELECT id, start_time, message_sequence FROM appointments WHERE id = ${holder}::uuid)`;
  await tx.execute(sql`WITH removed AS (
      INSERT INTO message_outbox (op, job_key)
      SELECT 'remove', 'reminder:' || p.id FROM appointments p
      WHERE p.visit_id = (SELECT visit_id FROM appointments WHERE id = ${appointmentId}::uuid) AND p.id IS DISTINCT FROM ${holder}::uuid
      RETURNING id
    ), reminder AS (${reminderFrom(head, now)})
    SELECT (SELECT count(*) FROM removed) AS removed, (SELECT count(*) FROM reminder) AS r`);
}
