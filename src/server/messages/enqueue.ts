import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

// Messages are jobs of graphile-worker, added with its SQL function add_job INSIDE the
// transaction that makes the change (ADR 021): a booking without its confirmation, or a
// confirmation of a booking that rolled back, cannot happen. Each job's key is the message's
// idempotency key, so enqueuing the same message twice while it waits leaves one job.

export const MESSAGE_TASK = 'appointment_message';
/** With graphile-worker's exponential backoff (exp(min(attempt, 10)) s), about 3 days of retries. */
export const MESSAGE_MAX_ATTEMPTS = 25;

export type MessagePayload = {
  appointmentId: string;
  kind: 'confirmation' | 'cancellation' | 'rescheduled' | 'reminder';
  recipient: 'client' | 'professional';
  version: number;
};

type Executor = Pick<Db, 'execute'>;

/**
 * SQL (for a CTE) that adds the client's and the professional's message of `kind` for the
 * appointment rows of `source` (columns id, message_sequence) and returns one row per job.
 */
function noticesFrom(source: SQL, kind: MessagePayload['kind']): SQL {
  return sql`
    SELECT (graphile_worker.add_job(
      ${MESSAGE_TASK},
      json_build_object('appointmentId', src.id, 'kind', ${kind}::text, 'recipient', r.recipient, 'version', src.message_sequence),
      max_attempts := ${MESSAGE_MAX_ATTEMPTS}::int,
      job_key := ${kind}::text || ':' || r.recipient || ':' || src.id || ':' || src.message_sequence
    )).id
    FROM ${source} src CROSS JOIN (VALUES ('client'), ('professional')) r(recipient)`;
}

/**
 * The reminder of the rows of `source` (id, start_time, message_sequence): one job per
 * appointment under the key reminder:<id>, REPLACED when the time changes; not added when the
 * salon has reminders off or the moment has passed (booked inside the window). Same rule as
 * domain reminderRunAt.
 */
function reminderFrom(source: SQL, now: Date): SQL {
  return sql`
    SELECT (graphile_worker.add_job(
      ${MESSAGE_TASK},
      json_build_object('appointmentId', src.id, 'kind', 'reminder', 'recipient', 'client', 'version', src.message_sequence),
      run_at := src.start_time - make_interval(hours => st.h),
      max_attempts := ${MESSAGE_MAX_ATTEMPTS}::int,
      job_key := 'reminder:' || src.id,
      job_key_mode := 'replace'
    )).id
    FROM ${source} src, (SELECT coalesce((SELECT reminder_hours FROM salon_settings WHERE id = 1), 24) AS h) st
    WHERE st.h > 0 AND src.start_time - make_interval(hours => st.h) > ${now.toISOString()}::timestamptz`;
}

/**
 * For the booking statement (features/booking/queries.ts): CTE text that enqueues the
 * confirmation, the professional's notice and the reminder of the rows of CTE `ins`.
 * The caller must reference `msg` in its final SELECT, or PostgreSQL skips it.
 */
export function bookingMessagesCte(now: Date): SQL {
  return sql`msg AS (${noticesFrom(sql`ins`, 'confirmation')} UNION ALL ${reminderFrom(sql`ins`, now)})`;
}

export type EnqueueRequest =
  /** a new appointment made outside the client booking statement (e.g. by the front desk) */
  | { kind: 'confirmation'; appointmentId: string; now: Date }
  /** after the status changed to cancelled_by_client or cancelled_by_salon, same transaction */
  | { kind: 'cancellation'; appointmentId: string; now: Date }
  /** after start_time/end_time changed, same transaction: raises the SEQUENCE, moves the reminder */
  | { kind: 'rescheduled'; appointmentId: string; now: Date };

/**
 * The one entry point for every change but the client's own booking: call it with the
 * transaction that changed the appointment (`db.transaction(async (tx) => …)`), after the change.
 * Issue 13's reschedule calls `enqueueAppointmentMessages(tx, { kind: 'rescheduled', appointmentId, now })`.
 */
export async function enqueueAppointmentMessages(tx: Executor, req: EnqueueRequest): Promise<void> {
  const id = req.appointmentId;
  if (req.kind === 'rescheduled') {
    await tx.execute(sql`
      WITH src AS (
        UPDATE appointments SET message_sequence = message_sequence + 1 WHERE id = ${id}::uuid
        RETURNING id, start_time, message_sequence
      ), notices AS (${noticesFrom(sql`src`, 'rescheduled')}), reminder AS (${reminderFrom(sql`src`, req.now)})
      SELECT (SELECT count(*) FROM notices) AS n, (SELECT count(*) FROM reminder) AS r,
             -- a move into the reminder window: the old reminder must not go either
             (SELECT graphile_worker.remove_job('reminder:' || ${id}) WHERE NOT EXISTS (SELECT 1 FROM reminder)) AS removed`);
    return;
  }
  const src = sql`(SELECT id, start_time, message_sequence FROM appointments WHERE id = ${id}::uuid)`;
  if (req.kind === 'confirmation') {
    await tx.execute(sql`WITH notices AS (${noticesFrom(src, 'confirmation')}), reminder AS (${reminderFrom(src, req.now)})
      SELECT (SELECT count(*) FROM notices) AS n, (SELECT count(*) FROM reminder) AS r`);
    return;
  }
  await tx.execute(sql`WITH notices AS (${noticesFrom(src, 'cancellation')})
    SELECT (SELECT count(*) FROM notices) AS n, graphile_worker.remove_job('reminder:' || ${id}) AS removed`);
}
