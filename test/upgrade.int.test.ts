import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { loadConfig } from '../src/server/config';
import { APP_VERSION } from '../src/server/health/version';
import { startServer, type Running } from '../src/server/start';
import { StartupError } from '../src/server/startup-checks';
import { REPO_ROOT } from './support/child-server';
import { OPEN_SCHEDULE, salonDay } from './support/cluster';
import { freePort } from './support/free-port';
import { freshDatabase } from './support/fresh-database';
import { signIn } from './support/http-client';

// An upgrade with data (CHANGELOG.md, docs/operations.md "Actualizar"): a database made by release
// 0.1.0 (the migrations that release shipped), with a salon's rows in it,
// then today's server started on it. Everything is still there and works; then a newer release's
// mark on the same database makes this one refuse to start and write nothing (the downgrade guard).

// CHANGELOG.md: 0.1.0 (commit c415616, 2026-11-21) shipped the migrations up to this one.
const RELEASE_0_1_0_LAST_MIGRATION = '0001_no_double_booking';
const PASSWORD = 'clave-de-antes-larga-1';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'auna-upgrade-'));
const database = await freshDatabase('upg');
let running: Running | undefined;
afterAll(async () => {
  await running?.close();
  await database.drop();
  await rm(tmp, { recursive: true, force: true });
});

/**
 * A release's migrations folder: today's folder cut at that release's last migration. Migrations are
 * only ever appended (ADR 034), so the prefix is what that release shipped; reading it from the
 * working tree instead of git keeps the test working in a shallow clone.
 */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const from = path.join(REPO_ROOT, 'src/server/db/migrations');
  const journal = JSON.parse(await readFile(path.join(from, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  const out = path.join(tmp, `migrations-${lastTag}`);
  await mkdir(path.join(out, 'meta'), { recursive: true });
  await writeFile(path.join(out, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) await copyFile(path.join(from, `${e.tag}.sql`), path.join(out, `${e.tag}.sql`));
  return out;
}

async function start(): Promise<Running> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmp, 'data-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  });
  return startServer(config);
}

it('a 0.1.0 database with a salon in it upgrades to this release, and everything is there and works', { timeout: 180_000 }, async () => {
  // ---- release 0.1.0 made this database ----
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await migrate(drizzle(pool), { migrationsFolder: await migrationsUpTo(RELEASE_0_1_0_LAST_MIGRATION) });
  const hash = await hashPassword(PASSWORD);
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  for (const [id, email, name, role] of [
    ['u-admin', 'duena@antes.example', 'Rosa Dueña', 'admin'],
    ['u-pro', 'lucia@antes.example', 'Lucía Pro', 'employee'],
    ['u-ana', 'ana@antes.example', 'Ana Clienta', 'client'],
  ] as const) {
    await q(`INSERT INTO "user" (id, name, email, email_verified, role) VALUES ($1, $2, $3, true, $4)`, [id, name, email, role]);
    await q(`INSERT INTO account (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`, [
      `a-${id}`,
      id,
      hash,
    ]);
  }
  await q(`INSERT INTO salon_settings (id, name, address) VALUES (1, 'Salón de Antes', 'Calle Mayor 1')`);
  const serviceId = (await q(`INSERT INTO services (name, duration, price) VALUES ('Limpieza facial', 60, 45.50) RETURNING id`)).rows[0]
    .id as string;
  const employeeId = (
    await q(
      `INSERT INTO employees (name, availability, user_id, user_account_email) VALUES ('Lucía Pro', $1, 'u-pro', 'lucia@antes.example') RETURNING id`,
      [JSON.stringify(OPEN_SCHEDULE)],
    )
  ).rows[0].id as string;
  await q(`INSERT INTO employee_services (employee_id, service_id) VALUES ($1, $2)`, [employeeId, serviceId]);
  const day = salonDay(4);
  await q(
    `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, notes_client)
     VALUES ('u-ana', 'Ana Clienta', 'ana@antes.example', 'u-pro', 'Lucía Pro', $1, 'Limpieza facial', 60, 45.50,
             ($2::date + time '10:00') AT TIME ZONE 'Europe/Madrid', ($2::date + time '11:00') AT TIME ZONE 'Europe/Madrid', 'Piel sensible')`,
    [serviceId, day],
  );
  await pool.end();

  // ---- today's release starts on it ----
  running = await start();
  const url = running.url;
  const health = (await (await fetch(`${url}/api/health`)).json()) as { version: string };
  expect(health.version).toBe(APP_VERSION);
  expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

  const ana = await signIn(url, { email: 'ana@antes.example', password: PASSWORD });
  const mine = (await ana.get('/api/my-appointments')).body.appointments as {
    serviceName: string;
    price: number | string;
    status: string;
    notesClient?: string;
  }[];
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ serviceName: 'Limpieza facial', status: 'confirmed' });
  expect(Number(mine[0]!.price)).toBe(45.5);

  const lucia = await signIn(url, { email: 'lucia@antes.example', password: PASSWORD });
  const agenda = (await lucia.get(`/api/agenda?date=${day}`)).body.appointments as { clientName: string }[];
  expect(agenda.map((a) => a.clientName)).toEqual(['Ana Clienta']);

  const rosa = await signIn(url, { email: 'duena@antes.example', password: PASSWORD });
  expect((await rosa.get('/api/admin/dashboard')).status).toBe(200);
  expect((await rosa.get('/api/admin/settings')).body).toMatchObject({ name: 'Salón de Antes', address: 'Calle Mayor 1' });

  // The old appointment still holds its time: the same slot is taken, the next one is free.
  const taken = await ana.post('/api/booking', { serviceId, professionalId: employeeId, date: day, time: '10:00' });
  expect(taken.status).toBe(409);
  const next = await ana.post('/api/booking', { serviceId, professionalId: employeeId, date: day, time: '11:00' });
  expect(next.status).toBe(201);

  // The release that migrated it is recorded, for the downgrade guard below.
  const rows = (await running.deps.db.$client.query<{ version: string }>('SELECT version FROM drizzle.auna_release')).rows;
  expect(rows).toEqual([{ version: APP_VERSION }]);
  await running.close();
  running = undefined;
});

it(
  'a database a newer release has migrated: this one refuses to start, says which version it needs, and writes nothing',
  { timeout: 60_000 },
  async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // What a later release (say 9.1.0) would leave: one migration more, and its mark.
    await pool.query(
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) SELECT 'una-migracion-de-9.1.0', max(created_at) + 1000 FROM drizzle.__drizzle_migrations`,
    );
    await pool.query(`UPDATE drizzle.auna_release SET version = '9.1.0'`);
    const before = (await pool.query(`SELECT count(*)::int AS n, max(id) AS last FROM drizzle.__drizzle_migrations`)).rows[0];
    const appointments = (await pool.query(`SELECT count(*)::int AS n FROM appointments`)).rows[0];

    const err = await start().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      `Estos datos son de una versión más nueva de Auna (la 9.1.0) y esta es la ${APP_VERSION}: instala Auna 9.1.0 o posterior. No se puede volver a una versión anterior sin restaurar una copia de seguridad hecha con ella (docs/operations.md).`,
    );
    expect((await pool.query(`SELECT count(*)::int AS n, max(id) AS last FROM drizzle.__drizzle_migrations`)).rows[0]).toEqual(before);
    expect((await pool.query(`SELECT version FROM drizzle.auna_release`)).rows).toEqual([{ version: '9.1.0' }]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM appointments`)).rows[0]).toEqual(appointments);
    await pool.end();
  },
);
