import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

// A database of its own on the run's PostgreSQL (test/global-setup.ts), so suites never see each
// other's rows. Only usable inside vitest (it reads `inject`).

export type FreshDatabase = { url: string; drop: () => Promise<void> };

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>`; `drop()` removes it, even with connections still open. */
export async function freshDatabase(prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
