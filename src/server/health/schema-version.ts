import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { StartupError } from '../startup-checks';

/**
 * Which schema this release ships, and which one a database holds (docs/decisions/047-releases-
 * and-the-downgrade-guard.md). drizzle records each applied migration in
 * drizzle.__drizzle_migrations with its journal time (`created_at`); it applies only migrations
 * newer than the newest it finds, so an OLDER release on a newer database used to start silently
 * and write with a schema it does not know. The release that migrated last is recorded beside
 * drizzle's own table, so the refusal can say which version the data needs.
 */
export type ShippedSchema = { latestMigrationAt: number; migrations: number };

export function shippedSchema(migrationsFolder: string): ShippedSchema {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return { latestMigrationAt: Math.max(...journal.entries.map((e) => e.when)), migrations: journal.entries.length };
}

const RELEASE_TABLE = 'drizzle.auna_release';

async function tableExists(pool: pg.Pool, name: string): Promise<boolean> {
  const { rows } = await pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]);
  return rows[0]?.t != null;
}

/** The newest migration applied to this database (0 when none yet). */
export async function appliedLatest(pool: pg.Pool): Promise<number> {
  if (!(await tableExists(pool, 'drizzle.__drizzle_migrations'))) return 0;
  const { rows } = await pool.query<{ at: string | null }>('SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations');
  return Number(rows[0]?.at ?? 0);
}

/** Refuses a database migrated by a newer release: nothing is written to it. */
export async function refuseNewerSchema(pool: pg.Pool, shipped: ShippedSchema, version: string): Promise<void> {
  const applied = await appliedLatest(pool);
  if (applied <= shipped.latestMigrationAt) return;
  const needed = (await tableExists(pool, RELEASE_TABLE))
    ? (await pool.query<{ version: string }>(`SELECT version FROM ${RELEASE_TABLE} WHERE id = 1`)).rows[0]?.version
    : undefined;
  throw new StartupError(
    `Estos datos son de una versión más nueva de Auna (${needed ? `la ${needed}` : `posterior a la ${version}`}) y esta es la ${version}: ` +
      `instala Auna ${needed ?? 'más reciente'} o posterior. No se puede volver a una versión anterior sin restaurar una copia de seguridad hecha con ella (docs/operations.md).`,
  );
}

/** After migrating: this release is the one the schema is at. */
export async function recordRelease(pool: pg.Pool, version: string): Promise<void> {
  // Two instances starting at once on one DATABASE_URL may both create it: the loser's error is no error.
  await pool
    .query(
      `CREATE TABLE IF NOT EXISTS ${RELEASE_TABLE} (
        id smallint PRIMARY KEY CHECK (id = 1),
        version text NOT NULL,
        migrated_at timestamptz NOT NULL DEFAULT now()
      )`,
    )
    .catch((err: { code?: string }) => {
      if (err.code !== '23505' && err.code !== '42P07') throw err;
    });
  await pool.query(
    `INSERT INTO ${RELEASE_TABLE} (id, version) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, migrated_at = now() WHERE ${RELEASE_TABLE}.version <> EXCLUDED.version`,
    [version],
  );
}
