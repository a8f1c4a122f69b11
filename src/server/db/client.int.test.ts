import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../../../test/support/fresh-database';
import { createDb } from './client';

// The pool the server uses, on a real PostgreSQL: a transaction whose BEGIN fails must give its
// connection back (drizzle-orm#6241). Before the mend every such failure kept one connection
// checked out for good: with a pool of 3 the fourth transaction waited for ever, and pool.end()
// never returned (the crash test's SIGTERM hung after a PostgreSQL restart).

let database: FreshDatabase;
beforeAll(async () => {
  database = await freshDatabase('pool_begin');
});
afterAll(async () => {
  await database.drop();
});

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe('createDb pool', () => {
  it('a transaction whose BEGIN PostgreSQL refuses gives its connection back', async () => {
    const { db, pool } = createDb(database.url, 3);
    try {
      for (let i = 0; i < 5; i++) {
        // An isolation level PostgreSQL does not know: BEGIN itself is refused (42601).
        await expect(
          db.transaction(async () => 'never runs', { isolationLevel: 'nonsense' as 'serializable' }),
        ).rejects.toThrow();
      }
      expect(pool.totalCount - pool.idleCount, 'connections still checked out').toBe(0);
      const answer = await within(2_000, db.transaction(async (tx) => (await tx.execute(sql`SELECT 7 AS n`)).rows[0]));
      expect(answer).toEqual({ n: 7 });
      await within(2_000, pool.end());
    } finally {
      if (!pool.ended) await pool.end().catch(() => undefined);
    }
  });

  it('a BEGIN on a connection PostgreSQL ended: the connection is dropped, not handed out again', async () => {
    const { db, pool } = createDb(database.url, 1);
    const removed: unknown[] = [];
    pool.on('remove', (c) => removed.push(c));
    try {
      // Take the one connection, end it from the server side, and give it back idle.
      const client = await pool.connect();
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      client.release();
      const admin = createDb(database.url, 1);
      await admin.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.pool.end();
      // Whatever the pool noticed of the cut by now, a transaction gets a live connection, or
      // fails once and the next one does.
      const first = await within(5_000, db.transaction(async (tx) => (await tx.execute(sql`SELECT 1 AS n`)).rows[0]).catch(() => 'failed'));
      const next = await within(5_000, db.transaction(async (tx) => (await tx.execute(sql`SELECT 2 AS n`)).rows[0]));
      expect([{ n: 1 }, 'failed']).toContainEqual(first);
      expect(next).toEqual({ n: 2 });
      expect(removed.length, 'the ended connection left the pool').toBeGreaterThanOrEqual(1);
      await within(2_000, pool.end());
    } finally {
      if (!pool.ended) await pool.end().catch(() => undefined);
    }
  });
});
