import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../src/server/db/schema';
import { compareDescriptions, describeSnapshot, type Snapshot } from './describe-snapshot';
import { MIGRATIONS_DIR, ROOT } from './schema-sync';

const run = promisify(execFile);

/**
 * Runs every migration of `migrationsDir` on the empty database at `url`, reads the result back
 * with `drizzle-kit pull` (introspection) and returns every difference from `tables` (the schema by
 * default), one line each (describe-snapshot.ts). [] means the migrations build exactly the schema
 * the code uses. Objects drizzle cannot describe (the exclusion constraint, triggers, functions)
 * are not compared: docs/decisions/034-migrations-from-the-schema.md lists them.
 * (drizzle-kit's pushSchema would do this in one call, but 0.31 drops its queries' parameters.)
 */
export async function databaseDrift(url: string, opts: { migrationsDir?: string; tables?: Record<string, unknown> } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: opts.migrationsDir ?? MIGRATIONS_DIR });
  } finally {
    await pool.end();
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'auna-drizzle-pull-'));
  try {
    await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'pull', '--dialect=postgresql', `--url=${url}`, `--out=${path.relative(ROOT, tmp)}`, '--schemaFilters=public'],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } },
    );
    const pulled = JSON.parse(await readFile(path.join(tmp, 'meta/0000_snapshot.json'), 'utf8')) as Snapshot;
    const { generateDrizzleJson } = await import('drizzle-kit/api');
    const declared = generateDrizzleJson(opts.tables ?? schema) as unknown as Snapshot;
    return compareDescriptions(describeSnapshot(pulled), describeSnapshot(declared));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
