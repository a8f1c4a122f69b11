import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../../../test/support/fresh-database';
import { createDb, runMigrations } from './client';

// The cap's count takes her advisory lock in its own body (migration 0031, ADR 108) instead of
// calling client_lock: it must be the SAME lock every other path takes first (ADR 053), or a
// booking and a sale, a move or an attach for her would no longer run one after the other.

let database: FreshDatabase;
let holder: pg.Client;
let booker: pg.Client;
beforeAll(async () => {
  database = await freshDatabase('cap_lock');
  const { db, pool } = createDb(database.url, 1);
  await runMigrations(db, path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'));
  await pool.end();
  holder = new pg.Client({ connectionString: database.url });
  booker = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await booker.connect();
});
afterAll(async () => {
  await holder.end();
  await booker.end();
  await database.drop();
});

describe('client_future_confirmed_locked', () => {
  it('waits for the lock client_lock took for the same client, and not for another client', async () => {
    await holder.query('BEGIN');
    await holder.query(`SELECT client_lock('cap-lock-ana'::text)`);
    try {
      await booker.query('BEGIN');
      await booker.query(`SET LOCAL lock_timeout = '300ms'`);
      // Another client: her own lock, answered at once (no future appointments).
      const other = await booker.query<{ n: number }>(`SELECT client_future_confirmed_locked('cap-lock-eva'::text, now()) AS n`);
      expect(other.rows[0]!.n).toBe(0);
      // The same client: it waits for the holder, here until lock_timeout (55P03).
      await expect(booker.query(`SELECT client_future_confirmed_locked('cap-lock-ana'::text, now())`)).rejects.toMatchObject({
        code: '55P03',
      });
      await booker.query('ROLLBACK');
      // And the other way round: the count's lock makes client_lock wait.
      await holder.query('ROLLBACK');
      await booker.query('BEGIN');
      await booker.query(`SELECT client_future_confirmed_locked('cap-lock-ana'::text, now())`);
      await holder.query('BEGIN');
      await holder.query(`SET LOCAL lock_timeout = '300ms'`);
      await expect(holder.query(`SELECT client_lock('cap-lock-ana'::text)`)).rejects.toMatchObject({ code: '55P03' });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await booker.query('ROLLBACK').catch(() => undefined);
    }
  });
});
