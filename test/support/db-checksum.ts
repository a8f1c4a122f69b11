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

/** One md5 over every row of every checked table: equal before and after = nothing changed. */
export async function tableChecksum(db: Db): Promise<string> {
  const parts = CHECKED_TABLES.map((t) => `SELECT '${t}' || t::text AS r FROM "${t}" t`).join(' UNION ALL ');
  const res = await db.execute<{ sum: string | null }>(
    sql.raw(`SELECT md5(coalesce(string_agg(r, '|' ORDER BY r), '')) AS sum FROM (${parts}) x`),
  );
  return res.rows[0]?.sum ?? '';
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
