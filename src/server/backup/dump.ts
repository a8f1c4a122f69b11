import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { columnList, MAGIC, qualifiedName, TERMINATOR, writeTo, type BackupHeader, type SequenceValue, type TableRef } from './archive';
import { encryptStream } from './encryption';

// The logical backup (ADR 048): every table of our schemas (ours, drizzle's migrations,
// graphile-worker's queue) copied out over SQL in ONE repeatable-read snapshot, so the file is
// the database as it was at one instant, while bookings go on (MVCC: nobody waits for it).

/** The schemas a backup holds: the app's tables, drizzle's record of migrations, the message queue. */
export const BACKUP_SCHEMAS = ['public', 'drizzle', 'graphile_worker'];

async function listTables(client: pg.Client): Promise<TableRef[]> {
  const res = await client.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND n.nspname = ANY($1)
        -- the release mark (ADR 047) is the starting release's to write, not the salon's data
        AND NOT (n.nspname = 'drizzle' AND c.relname = 'auna_release')
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return res.rows;
}

async function sequenceValues(client: pg.Client): Promise<SequenceValue[]> {
  const res = await client.query<SequenceValue>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS "lastValue"
       FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [BACKUP_SCHEMAS],
  );
  return res.rows;
}

async function migrationsApplied(client: pg.Client): Promise<{ migrations: BackupHeader['migrations']; queueMigration: number | null }> {
  const drizzle = await client.query<{ hash: string; created_at: string }>(
    `SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  const queue = await client.query<{ id: number | null }>(`SELECT max(id) AS id FROM graphile_worker.migrations`);
  return {
    migrations: drizzle.rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) })),
    queueMigration: queue.rows[0]?.id ?? null,
  };
}

export type DumpResult = { bytes: number; tables: number; rows: number };

/**
 * Writes the encrypted backup of the database `client` is connected to into `file` (through
 * `file.partial`, renamed when whole and on disk, so a file with the final name is always whole).
 */
export async function dumpDatabase(
  client: pg.Client,
  opts: { file: string; passphrase: string; appVersion: string; secrets: BackupHeader['secrets'] },
): Promise<DumpResult> {
  const partial = `${opts.file}.partial`;
  const plain = new PassThrough();
  const gzip = createGzip();
  const written = encryptStream(plain.pipe(gzip), opts.passphrase).then((encrypted) =>
    pipeline(encrypted, createWriteStream(partial, { mode: 0o600 })),
  );
  // A failure of the writing side (disk full) ends the copy below instead of leaving it waiting.
  const failed = written.then(() => new Promise<never>(() => undefined));
  failed.catch(() => undefined); // awaited below; a rejection between two writes is not unhandled
  let rows = 0;
  let tables: TableRef[] = [];
  try {
    // One snapshot for every table; READ ONLY, and each table locked against DDL (a migration of
    // another start) only, as pg_dump does: writers go on.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    tables = await listTables(client);
    for (const t of tables) await client.query(`LOCK TABLE ${qualifiedName(t)} IN ACCESS SHARE MODE`);
    const version = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const header: BackupHeader = {
      createdAt: new Date().toISOString(),
      appVersion: opts.appVersion,
      postgres: version.rows[0]!.v,
      ...(await migrationsApplied(client)),
      secrets: opts.secrets,
      tables,
      sequences: await sequenceValues(client),
    };
    await writeTo(plain, `${MAGIC}\n${JSON.stringify(header)}\n`, failed);
    const counts: number[] = [];
    for (const t of tables) {
      let n = 0;
      const rowsOut = client.query(copyTo(`COPY ${qualifiedName(t)} (${columnList(t)}) TO STDOUT`));
      for await (const chunk of rowsOut as AsyncIterable<Buffer>) {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
        await writeTo(plain, chunk, failed);
      }
      counts.push(n);
      rows += n;
      await writeTo(plain, `${TERMINATOR}\n`, failed);
    }
    await writeTo(plain, `${JSON.stringify({ end: true, rows: counts })}\n`, failed);
    await client.query('COMMIT');
    plain.end();
    await written;
    // On disk before it takes its name: a power cut right after must not leave a named empty file.
    const fd = await open(partial, 'r');
    await fd.sync();
    await fd.close();
    await rename(partial, opts.file);
  } catch (err) {
    // Through gzip and age to the file: its pipeline fails and closes it (pipe() carries no error).
    plain.unpipe(gzip);
    plain.destroy();
    gzip.destroy(err instanceof Error ? err : new Error(String(err)));
    await written.catch(() => undefined);
    await client.query('ROLLBACK').catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
  return { bytes: (await stat(opts.file)).size, tables: tables.length, rows };
}
