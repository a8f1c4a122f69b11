import { sql, type SQL } from 'drizzle-orm';
import { pgErrorCode, type Db } from '../db/client';
import { runPrepared } from '../db/prepared';

export type RateRule = { window: number; max: number };
export type RateDecision = { allowed: boolean; retryAfter: number | null };

/**
 * The counting statement's text, for a CTE (`rl`): the key's row made or counted, RETURNING count
 * and last_request. Its commit does not wait for the WAL's flush (synchronous_commit off for the
 * statement's own transaction, ADR 094): a count lost when the machine dies costs nothing, while a
 * flush of its own was a second disk wait on every booking (the booking's commit flushes it
 * anyway). A visit runs it inside its first part's context read (ADR 097); the client's single
 * booking counts inside its booking statement instead (`rateCountAfterCte`, ADR 106); everything
 * else runs it alone.
 */
export function rateCountCtes(key: string, rule: RateRule, now: number): SQL {
  return sql`nosync AS (SELECT set_config('synchronous_commit', 'off', true)), ${rateCountAfterCte(key, rule, now, sql`nosync`)}`;
}

/**
 * The count as ONE CTE (`rl`) of a writing statement, run after the CTE `after` (one row; read
 * first, so its lock comes before the rate row's): it commits, or rolls back, with that
 * statement's own transaction. The client's booking counts her attempt so (ADR 106): one commit a
 * booking instead of two, the context read before it read-only.
 */
export function rateCountAfterCte(key: string, rule: RateRule, now: number, after: SQL): SQL {
  const windowMs = rule.window * 1000;
  return sql`rl AS (
        INSERT INTO rate_limit (id, key, count, last_request) SELECT ${key}, ${key}, 1, ${now} FROM ${after}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${now} - rate_limit.last_request >= ${windowMs} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN ${now} - rate_limit.last_request >= ${windowMs} THEN ${now} ELSE rate_limit.last_request END
        RETURNING count, last_request)`;
}

/** What a counted request's row means: allowed while the window's count is within the rule. */
export function rateDecision(row: { count: number; last_request: string | number } | undefined, rule: RateRule, now: number): RateDecision {
  if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((Number(row.last_request) + rule.window * 1000 - now) / 1000)) };
}

/**
 * The arbiter of the counting statement is `key`, but `id` (the same text) is unique too: two
 * FIRST requests of a key at once can meet on `id` before `key`, which ON CONFLICT (key) does not
 * absorb (23505, a 500 in a burst of resend requests). By the second try the row exists and the
 * update path takes it.
 */
export const againOnFirstRace = <T>(run: () => Promise<T>): Promise<T> =>
  run().catch((err: unknown) => {
    if (pgErrorCode(err) === '23505') return run();
    throw err;
  });

/**
 * One atomic statement per request: concurrent requests on several app instances cannot all pass
 * a stale read (better-auth's own database storage reads, decides, then writes).
 * A fixed window that starts at the first request of the key.
 */
export function createRateLimitStore(db: Db) {
  return {
    async consume(key: string, rule: RateRule): Promise<RateDecision> {
      const now = Date.now();
      // A named prepared statement (ADR 097): the public page's reads, moves and every other counted
      // request run it, and PostgreSQL then parses and plans it once per connection.
      const rows = await againOnFirstRace(() =>
        runPrepared<{ count: number; last_request: string }>(db, 'auna_rate_limit', sql`WITH ${rateCountCtes(key, rule, now)} SELECT count, last_request FROM rl`),
      );
      return rateDecision(rows[0], rule, now);
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
