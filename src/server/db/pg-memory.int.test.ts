import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../../../test/support/fresh-database';
import { embeddedSharedBuffersMb } from './pg-memory';

// The embedded PostgreSQL the tests run on was started by startEmbeddedPostgres (test/global-setup.ts),
// as the server starts its own: its buffer cache is the one pg-memory.ts sizes for this machine.

let database: FreshDatabase;
beforeAll(async () => {
  database = await freshDatabase('pg_memory');
});
afterAll(async () => {
  await database.drop();
});

describe('the embedded PostgreSQL', () => {
  it("runs with the buffer cache sized for the machine's memory (ADR 110)", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ mb: number }>(
        "SELECT (setting::bigint * current_setting('block_size')::bigint / (1024 * 1024))::int AS mb FROM pg_settings WHERE name = 'shared_buffers'",
      );
      expect(rows[0]!.mb).toBe(embeddedSharedBuffersMb());
    } finally {
      await client.end();
    }
  });
});
