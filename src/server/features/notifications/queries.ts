import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * An account's reminders: its own choice, and its client record's (stopped from a link sent while
 * the record had no account yet, ADR 029). No row: on.
 */
export async function readReminders(db: Db, userId: string): Promise<boolean> {
  const res = await db.execute<{ reminders: boolean }>(sql`
    SELECT coalesce((SELECT reminders FROM message_preferences WHERE user_id = ${userId}), true)
       AND NOT EXISTS (SELECT 1 FROM clients WHERE user_id = ${userId} AND reminders_stopped_at IS NOT NULL) AS reminders`);
  return res.rows[0]?.reminders ?? true;
}

/**
 * Only for an existing user (a token for a deleted account changes nothing): the row count says.
 * Turning them back on also clears what a record link stopped, so Mis Citas has the last word.
 */
export async function writeReminders(db: Db, userId: string, reminders: boolean, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      INSERT INTO message_preferences (user_id, reminders, updated_at)
      SELECT id, ${reminders}, ${at.toISOString()}::timestamptz FROM "user" WHERE id = ${userId}
      ON CONFLICT (user_id) DO UPDATE SET reminders = EXCLUDED.reminders, updated_at = EXCLUDED.updated_at`);
    if (reminders) {
      await tx.execute(sql`UPDATE clients SET reminders_stopped_at = NULL, updated_at = ${at.toISOString()}::timestamptz
        WHERE user_id = ${userId} AND reminders_stopped_at IS NOT NULL`);
    }
    return (res.rowCount ?? 0) > 0;
  });
}

/**
 * A client record's link (she has no account): reminders off on the record, the first time kept.
 * False when the record is gone (merged into another, or never ours). Repeating it changes nothing.
 */
export async function stopRecordReminders(db: Db, recordId: string, at: Date): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE clients SET reminders_stopped_at = coalesce(reminders_stopped_at, ${at.toISOString()}::timestamptz)
    WHERE id = ${recordId}::uuid`);
  return (res.rowCount ?? 0) > 0;
}

/** Whether the token's subject still exists (the page's GET shows its button only then). */
export async function stopSubjectExists(db: Db, who: { account: string } | { record: string }): Promise<boolean> {
  const res =
    'account' in who
      ? await db.execute(sql`SELECT 1 FROM "user" WHERE id = ${who.account}`)
      : await db.execute(sql`SELECT 1 FROM clients WHERE id = ${who.record}::uuid`);
  return res.rows.length > 0;
}

export type FailedMessage = {
  key: string;
  appointmentId: string;
  kind: string;
  recipient: string;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  nextAttempt: string;
};

/** Message jobs that failed at least once and still wait for a retry (or gave up). */
export async function failedMessages(db: Db): Promise<FailedMessage[]> {
  const res = await db.execute<{
    key: string | null;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    run_at: Date | string;
  }>(sql`
    SELECT key, attempts, max_attempts, last_error, run_at FROM graphile_worker.jobs
    WHERE task_identifier = 'appointment_message' AND last_error IS NOT NULL
    ORDER BY attempts DESC, run_at LIMIT 100`);
  return res.rows.map((r) => {
    // kind:recipient:appointment:version, or (consent_)reminder:appointment (notifications/enqueue.ts)
    const parts = (r.key ?? '').split(':');
    const reminder = (parts[0] === 'reminder' || parts[0] === 'consent_reminder') && parts.length === 2;
    return {
      key: r.key ?? '',
      appointmentId: (reminder ? parts[1] : parts[2]) ?? '',
      kind: parts[0] ?? '',
      recipient: reminder ? 'client' : (parts[1] ?? ''),
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      // the first line: the SMTP error, not a stack trace
      lastError: (r.last_error ?? '').split('\n')[0]!.slice(0, 300),
      nextAttempt: new Date(r.run_at).toISOString(),
    };
  });
}

/**
 * A WhatsApp or SMS the provider refused for good in the last 14 days (ADR 055, 056): its channel,
 * the provider's words (never her number: provider-errors.ts), and the channels that reached her
 * after it (the fallback; none: she was not told).
 */
export type RefusedMessage = {
  key: string;
  appointmentId: string;
  kind: string;
  recipient: string;
  channel: string;
  failure: string;
  at: string;
  reachedBy: string[];
};

export async function refusedMessages(db: Db): Promise<RefusedMessage[]> {
  const res = await db.execute<{ key: string; appointment_id: string; kind: string; recipient: string; channel: string; failure: string | null; status_at: Date | string; reached_by: string[] }>(sql`
    WITH refused AS (
      SELECT m.*, array_to_string((string_to_array(m.key, ':'))[1:4], ':') AS base FROM sent_messages m
      WHERE m.delivery_status = 'failed' AND m.channel IN ('whatsapp', 'sms') AND m.status_at > now() - interval '14 days')
    SELECT r.key, r.appointment_id, r.kind, r.recipient, r.channel, r.failure, r.status_at,
           ARRAY(SELECT f.channel FROM sent_messages f
                 WHERE (f.key = r.base OR starts_with(f.key, r.base || ':')) AND f.key <> r.key
                   AND f.outcome = 'sent' AND f.delivery_status IS DISTINCT FROM 'failed' ORDER BY f.key) AS reached_by
    FROM refused r ORDER BY r.status_at DESC LIMIT 100`);
  return res.rows.map((r) => ({
    key: r.key,
    appointmentId: r.appointment_id,
    kind: r.kind,
    recipient: r.recipient,
    channel: r.channel,
    failure: (r.failure ?? '').slice(0, 300),
    at: new Date(r.status_at).toISOString(),
    reachedBy: r.reached_by,
  }));
}

/** Whether the staff member has a feed, and since when: the token itself is never kept (ADR 032). */
export async function feedStatusOf(db: Db, userId: string): Promise<{ active: boolean; createdAt: string | null }> {
  const res = await db.execute<{ created_at: Date | string }>(sql`SELECT created_at FROM calendar_feeds WHERE user_id = ${userId}`);
  const r = res.rows[0];
  return { active: !!r, createdAt: r ? new Date(r.created_at).toISOString() : null };
}

export async function replaceFeedToken(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db.execute(sql`INSERT INTO calendar_feeds (user_id, token_hash) VALUES (${userId}, ${tokenHash})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`);
}

export type FeedOwner = { userId: string; role: string; name: string };

/**
 * The owner of a feed, while still staff: an admin, or an employee whose employee record is
 * active (a leaver's feed answers nothing even before it is revoked).
 */
export async function feedOwner(db: Db, tokenHash: string): Promise<FeedOwner | null> {
  const res = await db.execute<{ user_id: string; role: string; name: string }>(sql`
    SELECT f.user_id, u.role, u.name FROM calendar_feeds f JOIN "user" u ON u.id = f.user_id
    WHERE f.token_hash = ${tokenHash}
      AND (u.role = 'admin' OR (u.role = 'employee' AND EXISTS (SELECT 1 FROM employees e WHERE e.user_id = u.id AND e.is_active)))`);
  const r = res.rows[0];
  return r ? { userId: r.user_id, role: r.role, name: r.name } : null;
}

export type FeedRow = {
  id: string;
  client_name: string;
  employee_name: string;
  service_name: string;
  start_time: Date | string;
  end_time: Date | string;
  message_sequence: number;
};

/**
 * What the agenda shows, and no more: no client email, no notes. Confirmed appointments from a
 * week back; the admin's feed has the whole salon, an employee's only their own.
 */
export async function feedAppointments(db: Db, owner: FeedOwner, from: Date): Promise<FeedRow[]> {
  const own = owner.role === 'admin' ? sql`true` : sql`employee_id = ${owner.userId}`;
  const res = await db.execute<FeedRow>(sql`
    SELECT id, client_name, employee_name, service_name, start_time, end_time, message_sequence FROM appointments
    WHERE ${own} AND status IN ('confirmed', 'completed') AND start_time >= ${from.toISOString()}::timestamptz
    ORDER BY start_time LIMIT 2000`);
  return res.rows;
}
