import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Logger } from '../logger';
import { createDb, runMigrations } from '../db/client';
import { migrateQueue } from '../notifications/worker';
import {
  BackupFileError,
  columnList,
  qualifiedName,
  quoteIdent,
  writeTo,
  type BackupHeader,
  type BackupTrailer,
  type LineReader,
  type TableRef,
} from './archive';
import { BACKUP_SCHEMAS } from './dump';
import { checkMigrations, migrationsUpTo } from './migrations-at';

// Loads a backup into an EMPTY database (the caller made sure of that, ADR 048): the schema of the
// backup's migrations, then every row in ONE transaction (all of it or nothing), then the newer
// migrations of this release.

const FLUSH_BYTES = 1 << 20;
const isTerminator = (line: Buffer) => line.length === 2 && line[0] === 0x5c && line[1] === 0x2e;

type Fk = { tbl: string; name: string; def: string };

async function foreignKeys(client: pg.Client): Promise<Fk[]> {
  const res = await client.query<Fk>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = ANY($1)`,
    [BACKUP_SCHEMAS],
  );
  return res.rows;
}

/** Streams one table's COPY rows from the file into the database; returns the rows PostgreSQL took. */
async function copyTable(client: pg.Client, t: TableRef, reader: LineReader): Promise<number> {
  const ingest = client.query(copyFrom(`COPY ${qualifiedName(t)} (${columnList(t)}) FROM STDIN`));
  const finished = new Promise<void>((resolve, reject) => {
    ingest.on('finish', resolve);
    ingest.on('error', reject);
  });
  finished.catch(() => undefined);
  let batch: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length > 0) await writeTo(ingest, Buffer.concat(batch), finished);
    batch = [];
    size = 0;
  };
  for (;;) {
    const line = await reader.next();
    if (line === null) throw new BackupFileError(`la copia está incompleta (se corta en la tabla ${t.name})`);
    if (isTerminator(line)) break;
    batch.push(line, Buffer.from('\n'));
    size += line.length + 1;
    if (size >= FLUSH_BYTES) await flush();
  }
  await flush();
  ingest.end();
  await finished;
  return ingest.rowCount;
}

async function skipTable(t: TableRef, reader: LineReader): Promise<void> {
  for (;;) {
    const line = await reader.next();
    if (line === null) throw new BackupFileError(`la copia está incompleta (se corta en la tabla ${t.name})`);
    if (isTerminator(line)) return;
  }
}

export type LoadResult = { tables: number; rows: number; queueRestored: boolean };

async function loadRows(client: pg.Client, header: BackupHeader, reader: LineReader, restoreQueue: boolean): Promise<LoadResult> {
  // The release mark (drizzle.auna_release, ADR 047) is not data: the release that starts on the
  // restored salon writes its own. A file that holds it (made before dump.ts left it out) skips it.
  const taken = header.tables.filter((t) => (restoreQueue || t.schema !== 'graphile_worker') && !(t.schema === 'drizzle' && t.name === 'auna_release'));
  await client.query('BEGIN');
  try {
    // Rows go in as they were: no trigger runs on them (the report rollups, the bono sessions and
    // the consent rules already did when they were first written), and the foreign keys are
    // checked once, when they are put back at the end, as pg_dump's restore does.
    const fks = await foreignKeys(client);
    for (const fk of fks) await client.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    for (const t of taken) await client.query(`ALTER TABLE ${qualifiedName(t)} DISABLE TRIGGER USER`);
    if (taken.length > 0) await client.query(`TRUNCATE ${taken.map(qualifiedName).join(', ')}`);
    const copied: number[] = [];
    for (const t of header.tables) {
      if (taken.includes(t)) copied.push(await copyTable(client, t, reader));
      else {
        await skipTable(t, reader);
        copied.push(-1);
      }
    }
    const trailer = await reader.json<BackupTrailer>('el final');
    if (!trailer.end || trailer.rows.length !== header.tables.length)
      throw new BackupFileError('la copia está dañada (su final no cuadra)');
    header.tables.forEach((t, i) => {
      if (copied[i] !== -1 && copied[i] !== trailer.rows[i]) {
        throw new BackupFileError(`la copia está dañada (la tabla ${t.name} tiene ${copied[i]} filas y debería tener ${trailer.rows[i]})`);
      }
    });
    for (const s of header.sequences) {
      const name = `${quoteIdent(s.schema)}.${quoteIdent(s.name)}`;
      if (s.lastValue === null) await client.query(`SELECT setval($1::regclass, 1, false)`, [name]);
      else await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [name, s.lastValue]);
    }
    for (const t of taken) await client.query(`ALTER TABLE ${qualifiedName(t)} ENABLE TRIGGER USER`);
    for (const fk of fks) await client.query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`);
    if (restoreQueue) {
      // The workers that held jobs when the backup was made are not coming back.
      await client.query(`UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL WHERE locked_by IS NOT NULL`);
      await client.query(`UPDATE graphile_worker._private_job_queues SET locked_at = NULL, locked_by = NULL WHERE locked_by IS NOT NULL`);
      await client.query(`DELETE FROM public.message_workers`);
    }
    await client.query('COMMIT');
    return { tables: taken.length, rows: copied.reduce((a, n) => a + Math.max(n, 0), 0), queueRestored: restoreQueue };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** Restores the backup (its header already read from `reader`) into the empty database at `dbUrl`. */
export async function loadBackup(opts: {
  dbUrl: string;
  header: BackupHeader;
  reader: LineReader;
  migrationsFolder: string;
  log: Logger;
}): Promise<LoadResult> {
  const { header } = opts;
  checkMigrations(opts.migrationsFolder, header.migrations);
  const { db, pool } = createDb(opts.dbUrl, 2);
  const client = new pg.Client({ connectionString: opts.dbUrl });
  try {
    const last = header.migrations.at(-1)?.createdAt ?? 0;
    const atBackup = await migrationsUpTo(opts.migrationsFolder, last);
    try {
      await runMigrations(db, atBackup.dir);
    } finally {
      await atBackup.cleanup();
    }
    await migrateQueue(pool, opts.log);
    const queue = await pool.query<{ id: number | null }>(`SELECT max(id) AS id FROM graphile_worker.migrations`);
    // The queue's tables are graphile-worker's: restored as they were only into the same version of them.
    const restoreQueue = queue.rows[0]?.id === header.queueMigration;
    await client.connect();
    const result = await loadRows(client, header, opts.reader, restoreQueue);
    await runMigrations(db, opts.migrationsFolder);
    return result;
  } finally {
    await client.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
}
