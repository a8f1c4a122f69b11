import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

// Every table whose rows a request could change, rate-limit counters aside (a refused request
// is SUPPOSED to count against its caller).
export const CHECKED_TABLES = [
  'user',
  'account',
  'session',
  'verification',
  'services',
  'employees',
  'employee_services',
  'appointments',
  'salon_settings',
  // messages (sent_messages is left out: the queue writes it in the background, after a 2xx)
  'message_preferences',
  'calendar_feeds',

  'clients',
  'appointment_changes',
] as const;

export type CheckedTable = (typeof CHECKED_TABLES)[number];

// Columns a request is SUPPOSED to write whatever its answer, as the rate-limit counters are: a
// staff session's last activity (ADR 025, session-policy.ts shouldTouchSession) is written by the
// first request of a staff session after five minutes of use, a refused one included. A long run of
// the hostile sweep under load passes the five minutes and, without this, read the touch as the
// refused request's change. Only that column is left out: the session's other columns (its
// expiry, its token, the row itself) still count. Nothing the server does in the background (the
// outbox relay, graphile-worker's jobs, the heartbeat) writes a checked table: they write
// message_outbox, graphile_worker.*, sent_messages, message_workers and the waiting list's offers.
const WRITTEN_BY_EVERY_REQUEST: Partial<Record<CheckedTable, string[]>> = { session: ['updated_at'] };

const rowText = (t: CheckedTable) => {
  const left = WRITTEN_BY_EVERY_REQUEST[t];
  return left ? `(to_jsonb(t) - ARRAY[${left.map((c) => `'${c}'`).join(', ')}])::text` : 't::text';
};

/** One md5 per checked table over all its rows (the columns of WRITTEN_BY_EVERY_REQUEST aside). */
export async function tableChecksums(db: Db): Promise<Record<CheckedTable, string>> {
  const parts = CHECKED_TABLES.map((t) => `SELECT '${t}' AS tbl, ${rowText(t)} AS r FROM "${t}" t`).join(' UNION ALL ');
  const res = await db.execute<{ tbl: CheckedTable; sum: string }>(
    sql.raw(`SELECT tbl, md5(string_agg(r, '|' ORDER BY r)) AS sum FROM (${parts}) x GROUP BY tbl`),
  );
  const sums = Object.fromEntries(CHECKED_TABLES.map((t) => [t, ''])) as Record<CheckedTable, string>;
  for (const row of res.rows) sums[row.tbl] = row.sum;
  return sums;
}

/** The checked tables whose rows differ between two `tableChecksums`. */
export const changedTables = (before: Record<CheckedTable, string>, after: Record<CheckedTable, string>): CheckedTable[] =>
  CHECKED_TABLES.filter((t) => before[t] !== after[t]);

/** Every checked table's md5 in one string: equal before and after = nothing changed. */
export async function tableChecksum(db: Db): Promise<string> {
  const sums = await tableChecksums(db);
  return CHECKED_TABLES.map((t) => `${t}:${sums[t]}`).join('|');
}

/** Row counts per checked table, for messages. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of CHECKED_TABLES) {
    const res = await db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${t}"`));
    out[t] = res.rows[0]!.n;
  }
  return out;
}
