import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../../../test/support/fresh-database';
import { createDb } from './client';
import { runPrepared } from './prepared';

// runPrepared in a transaction (the message job's statements, ADR 111): each statement runs on the
// transaction's own connection, so it sees the transaction's writes, holds its locks, and goes
// with its rollback; and it is prepared there, as on the pool's connections.

let database: FreshDatabase;
let handle: ReturnType<typeof createDb>;
beforeAll(async () => {
  database = await freshDatabase('prepared');
  handle = createDb(database.url, 2);
  await handle.db.execute(sql`CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)`);
});
afterAll(async () => {
  await handle.pool.end();
  await database.drop();
});

const insert = (db: Parameters<typeof runPrepared>[0], id: number, body: string) =>
  runPrepared(db, 'test_note_insert', sql`INSERT INTO notes (id, body) VALUES (${id}, ${body})`);
const read = async (db: Parameters<typeof runPrepared>[0], id: number) =>
  (await runPrepared<{ body: string }>(db, 'test_note_read', sql`SELECT body FROM notes WHERE id = ${id}`))[0]?.body ?? null;

describe('runPrepared in a transaction', () => {
  it("reads the transaction's own writes, which nobody else sees before the commit", async () => {
    await handle.db.transaction(async (tx) => {
      await insert(tx, 1, 'dentro');
      expect(await read(tx, 1)).toBe('dentro');
      expect(await read(handle.db, 1)).toBeNull();
    });
    expect(await read(handle.db, 1)).toBe('dentro');
  });

  it('goes with the rollback', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await insert(tx, 2, 'deshecho');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await read(handle.db, 2)).toBeNull();
  });

  it("holds the transaction's advisory lock until it ends", async () => {
    const held = (db: Parameters<typeof runPrepared>[0]) =>
      runPrepared<{ ok: boolean }>(db, 'test_try_lock', sql`SELECT pg_try_advisory_xact_lock(${42}::bigint) AS ok`);
    await handle.db.transaction(async (tx) => {
      expect((await held(tx))[0]!.ok).toBe(true);
      // Another connection of the pool cannot take it while the transaction holds it.
      expect((await held(handle.db))[0]!.ok).toBe(false);
    });
    expect((await held(handle.db))[0]!.ok).toBe(true);
  });

  it("is a named statement on the transaction's connection", async () => {
    await handle.db.transaction(async (tx) => {
      await read(tx, 1);
      const names = await tx.execute<{ name: string }>(sql`SELECT name FROM pg_prepared_statements WHERE name = 'test_note_read'`);
      expect(names.rows).toEqual([{ name: 'test_note_read' }]);
    });
  });
});
