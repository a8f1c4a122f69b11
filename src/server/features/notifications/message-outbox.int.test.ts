import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { relayOutbox } from '../../notifications/relay';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The outbox between a change and graphile-worker (ADR 028): rows become jobs in the order they
// were written, each exactly once, whichever process relays. The server's own relay runs too; the
// test relays as well and reads the outcome once nothing is left.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const appointmentId = '00000000-0000-4000-8000-000000000001';
type Row = { op: 'add' | 'remove'; key: string; runAt?: string };
/** The rows, in one transaction (so one relay call finds them all), after `first` if given. */
const write = (rows: Row[], first?: (tx: Tx) => Promise<unknown>) =>
  server.deps.db.transaction(async (tx) => {
    await first?.(tx);
    for (const r of rows) {
      await tx.execute(sql`INSERT INTO message_outbox (op, job_key, payload, run_at)
        VALUES (${r.op}, ${r.key}, ${r.op === 'add' ? JSON.stringify({ appointmentId, kind: 'reminder', recipient: 'client', version: 0 }) : null}::json,
                ${r.runAt ?? null}::timestamptz)`);
    }
  });
const settle = async () => {
  await expect.poll(() => relayOutbox(server.deps.db), { timeout: 5_000 }).toBe(true);
  const left = await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM message_outbox`);
  expect(left.rows[0]!.n).toBe(0);
};
const jobs = async (key: string) =>
  (await server.deps.db.execute<{ run_at: Date }>(sql`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${key}`)).rows;

describe('message outbox relay', () => {
  it('applies the operations on one key in the order they were written', async () => {
    // Far in the future, so no worker runs them while the test looks.
    await write([
      { op: 'add', key: 'reminder:a', runAt: '2099-01-01T09:00:00Z' },
      { op: 'add', key: 'reminder:a', runAt: '2099-01-02T09:00:00Z' },
      { op: 'add', key: 'reminder:b', runAt: '2099-01-01T09:00:00Z' },
      { op: 'remove', key: 'reminder:b' },
      { op: 'remove', key: 'reminder:c' },
      { op: 'add', key: 'reminder:c', runAt: '2099-01-03T09:00:00Z' },
    ]);
    await settle();
    expect((await jobs('reminder:a')).map((j) => new Date(j.run_at).toISOString())).toEqual(['2099-01-02T09:00:00.000Z']);
    expect(await jobs('reminder:b')).toEqual([]);
    expect(await jobs('reminder:c')).toHaveLength(1);
  });

  it("adds a booking's jobs (one row of several) with the rows around it, and a later row on one of its keys replaces it", async () => {
    // What one relay call finds after a booking, its move and a cancellation: the booking's row
    // (add_many), then a new time for its reminder, the removal of its notice, a new notice.
    const job = (key: string, runAt: string) => ({ key, runAt, payload: { appointmentId, kind: 'reminder', recipient: 'client', version: 0 } });
    const many = [job('m:confirmation', '2099-03-01T09:00:00Z'), job('m:notice', '2099-03-01T09:00:00Z'), job('m:reminder', '2099-03-04T09:00:00Z')];
    await write(
      [
        { op: 'add', key: 'm:reminder', runAt: '2099-03-05T09:00:00Z' },
        { op: 'remove', key: 'm:notice' },
        { op: 'add', key: 'm:notice', runAt: '2099-03-06T09:00:00Z' },
        { op: 'add', key: 'm:confirmation', runAt: '2099-03-07T09:00:00Z' },
      ],
      (tx) => tx.execute(sql`INSERT INTO message_outbox (op, job_key, payload) VALUES ('add_many', 'booking:m', ${JSON.stringify(many)}::json)`),
    );
    await settle();
    const at = async (key: string) => (await jobs(key)).map((j) => new Date(j.run_at).toISOString());
    expect(await at('m:confirmation')).toEqual(['2099-03-07T09:00:00.000Z']);
    expect(await at('m:notice')).toEqual(['2099-03-06T09:00:00.000Z']);
    expect(await at('m:reminder')).toEqual(['2099-03-05T09:00:00.000Z']);
  });

  it('relays each row once when several relays run at the same moment', async () => {
    const keys = Array.from({ length: 1_200 }, (_, i) => `reminder:many-${i}`);
    await write(keys.map((key) => ({ op: 'add' as const, key, runAt: '2099-02-01T09:00:00Z' })));
    // More than one batch (500), from four callers at once and the server's own relay: whoever holds
    // the lock relays, the others say so (false). Which one wins is the scheduler's choice, so the
    // test counts the jobs (each key once), not the winners.
    await Promise.all(Array.from({ length: 4 }, () => relayOutbox(server.deps.db)));
    await settle();
    const count = await server.deps.db.execute<{ n: number; distinct_keys: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT key)::int AS distinct_keys FROM graphile_worker._private_jobs WHERE key LIKE 'reminder:many-%'`,
    );
    expect(count.rows[0]).toEqual({ n: 1_200, distinct_keys: 1_200 });
  });

  it('a row written in a transaction that rolls back never becomes a job', async () => {
    await expect(
      server.deps.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO message_outbox (op, job_key, payload) VALUES ('add', 'reminder:rolled-back', '{}'::json)`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await settle();
    expect(await jobs('reminder:rolled-back')).toEqual([]);
  });
});
