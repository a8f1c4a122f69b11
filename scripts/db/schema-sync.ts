import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Keeps the drizzle-kit metadata (meta/*_snapshot.json) in step with the schema
// (src/server/db/schema/) and the SQL migrations (docs/decisions/034). drizzle-kit diffs the schema
// against the LATEST snapshot only, so one snapshot for the latest migration is all `drizzle-kit generate` needs; hand-written migrations
// after it are fine as long as the snapshot is brought forward (npm run db:snapshot) before the
// next generate.

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const MIGRATIONS_DIR = path.join(ROOT, 'src/server/db/migrations');
export const SCHEMA_FILE = path.join(ROOT, 'src/server/db/schema/index.ts');

type Journal = { entries: { idx: number; tag: string }[] };

export async function readJournal(migrationsDir: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as Journal;
}

/**
 * Runs `drizzle-kit generate` for `schemaFile` into a temporary copy of `migrationsDir` and returns
 * what it wrote: the SQL of the migration it would add ('' when schema and snapshot agree) and that
 * migration's snapshot (the schema as drizzle sees it). The real folder is never touched.
 */
export async function generateInCopy(opts: { schemaFile?: string; migrationsDir?: string } = {}) {
  const schemaFile = opts.schemaFile ?? SCHEMA_FILE;
  const migrationsDir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'auna-drizzle-gen-'));
  try {
    const out = path.join(tmp, 'migrations');
    await cp(migrationsDir, out, { recursive: true });
    const before = new Set(await readdir(out));
    // drizzle-kit only takes an `out` relative to the working directory.
    const { stdout, stderr } = await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect=postgresql',
        `--schema=${path.relative(ROOT, schemaFile)}`,
        `--out=${path.relative(ROOT, out)}`,
        '--name=pending',
      ],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } },
    );
    // drizzle-kit exits 0 when it stops on an error, e.g. a rename it wants to ask about and cannot
    // without a terminal, or a schema file that fails to load (a ReferenceError); reading that as
    // "nothing to write" passed a schema the snapshot lacked.
    const failure = /^\s*\w*Error\b.*$/m.exec(`${stdout}\n${stderr}`);
    if (failure) throw new Error(`drizzle-kit generate failed: ${failure[0].trim()} (a rename? run \`npx drizzle-kit generate\` in a terminal, ADR 034)`);
    const added = (await readdir(out)).filter((f) => !before.has(f) && f.endsWith('.sql'));
    if (added.length === 0) return { sql: '', snapshot: undefined };
    const sql = await readFile(path.join(out, added[0]!), 'utf8');
    const idx = added[0]!.slice(0, 4);
    const snapshot = JSON.parse(await readFile(path.join(out, `meta/${idx}_snapshot.json`), 'utf8')) as Record<string, unknown>;
    return { sql, snapshot };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Writes the snapshot of the schema as the snapshot of the latest migration in the journal (and
 * removes none of the older ones: their ids chain the history). For the lead after a merge of
 * hand-written migrations, and for anyone who hand-edits one: the schema must already describe the
 * database the migrations make, which `npm run db:check` proves.
 */
export async function writeLatestSnapshot(opts: { schemaFile?: string; migrationsDir?: string } = {}): Promise<string | undefined> {
  const migrationsDir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const { snapshot } = await generateInCopy({ schemaFile: opts.schemaFile, migrationsDir });
  if (!snapshot) return undefined;
  const latest = (await readJournal(migrationsDir)).entries.at(-1)!;
  const file = path.join(migrationsDir, `meta/${String(latest.idx).padStart(4, '0')}_snapshot.json`);
  // Replacing the latest migration's own snapshot keeps its place in the chain (id, prevId):
  // drizzle-kit refuses two snapshots that name the same previous one.
  const existing = await readFile(file, 'utf8').then((t) => JSON.parse(t) as { id: string; prevId: string }, () => undefined);
  if (existing) Object.assign(snapshot, { id: existing.id, prevId: existing.prevId });
  await writeFile(file, JSON.stringify(snapshot, null, 2) + '\n');
  return file;
}
