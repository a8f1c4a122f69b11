import { sql } from 'drizzle-orm';
import { pgErrorCode, type Db } from '../db/client';

export type RateRule = { window: number; max: number };
export type RateDecision = { allowed: boolean; retryAfter: number | null };

/**
 * One atomic statement per request: concurrent requests on several app instances cannot all pass
 * a stale read (better-auth's own database storage reads, decides, then writes).
 * A fixed window that starts at the first request of the key.
 */
export function createRateLimitStore(db: Db) {
  return {
    async consume(key: string, rule: RateRule): Promise<RateDecision> {
      const now = Date.now();
      const windowMs = rule.window * 1000;
      // Its commit does not wait for the WAL's flush (synchronous_commit off for this statement's
      // own transaction, ADR 094): a count lost when the machine dies costs nothing, while a flush
      // of its own was a second disk wait on every booking (the booking's commit flushes it anyway).
      const upsert = () =>
        db.execute<{ count: number; last_request: string }>(sql`
        WITH nosync AS (SELECT set_config('synchronous_commit', 'off', true))
        INSERT INTO rate_limit (id, key, count, last_request) SELECT ${key}, ${key}, 1, ${now} FROM nosync
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${now} - rate_limit.last_request >= ${windowMs} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN ${now} - rate_limit.last_request >= ${windowMs} THEN ${now} ELSE rate_limit.last_request END
        RETURNING count, last_request`);
      // The arbiter is `key`, but `id` (the same text) is unique too: two FIRST requests of a key at
      // once can meet on `id` before `key`, which ON CONFLICT (key) does not absorb (23505, a 500 in
      // a burst of resend requests). By the second try the row exists and the update path takes it.
      const result = await upsert().catch((err: unknown) => {
        if (pgErrorCode(err) === '23505') return upsert();
        throw err;
      });
      const row = result.rows[0];
      if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((Number(row.last_request) + windowMs - now) / 1000)) };
    },
    /** How many requests `key` has counted in its current window (0 when none or expired), without counting this one. */
    async count(key: string, rule: RateRule): Promise<number> {
      const now = Date.now();
      const result = await db.execute<{ count: number; last_request: string }>(sql`SELECT count, last_request FROM rate_limit WHERE key = ${key}`);
      const row = result.rows[0];
      if (!row || now - Number(row.last_request) >= rule.window * 1000) return 0;
      return Number(row.count);
    },
    /** Whether `key` is over its limit right now, without counting this request. */
    async peek(key: string, rule: RateRule): Promise<RateDecision> {
      const now = Date.now();
      const windowMs = rule.window * 1000;
      const result = await db.execute<{ count: number; last_request: string }>(
        sql`SELECT count, last_request FROM rate_limit WHERE key = ${key}`,
      );
      const row = result.rows[0];
      if (!row || now - Number(row.last_request) >= windowMs || row.count < rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((Number(row.last_request) + windowMs - now) / 1000)) };
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
