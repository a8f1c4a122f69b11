import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseDrift } from '../scripts/db/database-drift';
import { generateInCopy, MIGRATIONS_DIR, readJournal, ROOT, SCHEMA_FILE, writeLatestSnapshot } from '../scripts/db/schema-sync';
import { freshDatabase } from './support/fresh-database';

// npm test fails when the schema (src/server/db/schema/) and the SQL migrations disagree
// (docs/decisions/034): drizzle-kit generate must have nothing to write, and the database the
// migrations build must be the one the schema describes. The last tests make each kind of mismatch on copies and see it caught.

const temps: string[] = [];
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auna-schema-test-'));
  temps.push(dir);
  return dir;
}

/**
 * A copy of the schema with `edit` applied to its source files, importing the real domain code and
 * packages; returns the copy's SCHEMA_FILE.
 */
async function schemaCopy(edit: (source: string) => string) {
  const dir = await tempDir();
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await cp(path.join(ROOT, 'src/domain'), path.join(dir, 'src/domain'), { recursive: true });
  const db = path.join(dir, 'src/server/db');
  await cp(path.join(ROOT, 'src/server/db'), db, { recursive: true, filter: (from) => !from.includes(`${path.sep}migrations`) });
  let edits = 0;
  for (const name of await readdir(db, { recursive: true })) {
    if (!name.endsWith('.ts')) continue;
    const file = path.join(db, name);
    const source = await readFile(file, 'utf8');
    const edited = edit(source);
    if (edited !== source) {
      edits++;
      await writeFile(file, edited);
    }
  }
  expect(edits).toBe(1);
  return path.join(dir, path.relative(ROOT, SCHEMA_FILE));
}

/** A copy of the migrations folder with hand-written migrations added after the last one. */
async function migrationsCopy(...added: string[]) {
  const dir = path.join(await tempDir(), 'migrations');
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journal = await readJournal(dir);
  for (const sql of added) {
    const idx = journal.entries.length;
    const tag = `${String(idx).padStart(4, '0')}_hand_written`;
    await writeFile(path.join(dir, `${tag}.sql`), sql);
    journal.entries.push({ idx, version: '7', when: 1795286700000 + idx * 1000, tag, breakpoints: true } as (typeof journal.entries)[number]);
  }
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
  return dir;
}

async function driftOf(opts: Parameters<typeof databaseDrift>[1] = {}) {
  const db = await freshDatabase('schema_drift');
  try {
    return await databaseDrift(db.url, opts);
  } finally {
    await db.drop();
  }
}

const addWorkerNote = (source: string) => source.replace("workerId: text('worker_id').primaryKey(),", "workerId: text('worker_id').primaryKey(),\n  note: text('note'),");
const ADD_NOTE_SQL = 'ALTER TABLE "message_workers" ADD COLUMN "note" text;';

describe('the schema and the migrations agree', () => {
  it('drizzle-kit generate has nothing to write', async () => {
    const { sql } = await generateInCopy();
    expect(sql).toBe('');
  });

  it('the database the migrations build is the one the schema describes', async () => {
    expect(await driftOf()).toEqual([]);
  });
});

describe('a mismatch is caught', () => {
  it('a column added to the schema only: drizzle-kit generate would write it', async () => {
    const { sql } = await generateInCopy({ schemaFile: await schemaCopy(addWorkerNote) });
    expect(sql).toContain('ALTER TABLE "message_workers" ADD COLUMN "note" text');
  });

  it('a renamed column (drizzle-kit would ask, and cannot without a terminal) fails the check instead of passing it', async () => {
    const schemaFile = await schemaCopy((s) => s.replace("timestamp('seen_at', { withTimezone: true })", "timestamp('last_seen_at', { withTimezone: true })"));
    await expect(generateInCopy({ schemaFile })).rejects.toThrow(/drizzle-kit generate failed/);
  });

  it('a column added in SQL only: the migrated database differs from the schema', async () => {
    const migrationsDir = await migrationsCopy(ADD_NOTE_SQL);
    // The snapshot does not see it (why the database itself is compared)...
    expect((await generateInCopy({ migrationsDir })).sql).toBe('');
    // ...the database does.
    expect(await driftOf({ migrationsDir })).toEqual(['only in the migrated database: message_workers.note text']);
  });

  it('an index or a check written in SQL only is caught too', async () => {
    const migrationsDir = await migrationsCopy(
      'CREATE INDEX "message_workers_seen_idx" ON "message_workers" ("seen_at");\n--> statement-breakpoint\nALTER TABLE "message_workers" ADD CONSTRAINT "message_workers_id_short" CHECK (length("worker_id") < 200);',
    );
    expect(await driftOf({ migrationsDir })).toEqual([
      'only in the migrated database: message_workers check message_workers_id_short',
      'only in the migrated database: message_workers index message_workers_seen_idx btree (seen_at)',
    ]);
  });
});

describe('npm run db:snapshot after hand-written migrations', () => {
  it('brings the latest snapshot forward, so generate has nothing to write', async () => {
    // A column type message_workers' file already imports (schema/notifications.ts).
    const schemaFile = await schemaCopy((s) =>
      addWorkerNote(s).replace("seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),", "seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),\n  shift: text('shift'),"),
    );
    // Two hand-written migrations without snapshots, as several branches merged leave them.
    const migrationsDir = await migrationsCopy(ADD_NOTE_SQL, 'ALTER TABLE "message_workers" ADD COLUMN "shift" text;');
    const snapshots = async () => (await readdir(path.join(migrationsDir, 'meta'))).filter((f) => f.endsWith('_snapshot.json')).length;
    const snapshotsBefore = await snapshots();
    const before = await generateInCopy({ schemaFile, migrationsDir });
    expect(before.sql).toContain('"note"'); // it would repeat the hand-written migrations

    const written = await writeLatestSnapshot({ schemaFile, migrationsDir });
    const latest = (await readJournal(migrationsDir)).entries.at(-1)!;
    expect(path.basename(written!)).toBe(`${String(latest.idx).padStart(4, '0')}_snapshot.json`);
    expect((await generateInCopy({ schemaFile, migrationsDir })).sql).toBe('');
    expect(await writeLatestSnapshot({ schemaFile, migrationsDir })).toBeUndefined();

    const tables = (await import(schemaFile)) as Record<string, unknown>;
    expect(await driftOf({ migrationsDir, tables })).toEqual([]);
    expect(await snapshots()).toBe(snapshotsBefore + 1); // one for the latest; older ones kept (their ids chain)
  });
});
