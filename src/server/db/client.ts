import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = ReturnType<typeof createDb>['db'];

export function createDb(url: string, max = 20) {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one that is checked out: PostgreSQL's "terminating connection due to unexpected postmaster
  // exit" arrives as an 'error' EVENT on a client between two statements of a transaction, and an
  // event without a listener killed the whole server (test/reliability/crash.rel.test.ts). The
  // statement in progress still fails (a 500 for that request) and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { db, pool };
}

/** Applies the SQL migrations that ship in this folder (or beside the bundled server). */
export async function runMigrations(db: Db, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Drizzle wraps driver errors: the SQLSTATE sits on the cause (23P01 = exclusion violation). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
