// `npm run bench:cost`: what ONE booking costs (ADR 094), counted where it can be (statements, rows
// written, WAL) and timed where it cannot (CPU of the app and of PostgreSQL, noisy on a shared
// machine: the load average goes with each row). The production server on its own embedded
// PostgreSQL with pg_stat_statements loaded, the bench's salon (fill.ts) with 10,000 appointments,
// then one request at a time: single bookings of a plain 15-minute service, and visits of two
// services back to back with one professional (POST /api/booking/visits). Writes its table to
// docs/benchmarks.md between the bench-cost markers (BENCH_NO_WRITE=1: print only).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { newSession, type Session } from '../../test/support/http-client';
import { stopProcess, waitForUrl } from '../support/production-server';
import { prepareBenchServer } from './bench-server';
import { measureBatch, renderCosts, type Cost } from './cost-measure';
import { fdatasyncCost } from './pg-cpu';
import { findProfile, monotonicMicros, summariseProfile } from './profile';
import { createSalon, fillHistory, fillPresent } from './fill';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const N = Number(process.env.BENCH_COST_N ?? 100);
const HISTORY = Number(process.env.BENCH_COST_HISTORY ?? 10_000);
// ADR 025: 20 booking attempts per client in 10 minutes; each client books at most 15 here.
const CLIENTS = Math.ceil((N * 2) / 15) + 2;

const log = (msg: string) => process.stderr.write(`[bench:cost ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

function openDays(today: string, count: number): string[] {
  const out: string[] = [];
  for (let d = 1; out.length < count; d++) {
    const t = new Date(`${today}T12:00:00Z`);
    t.setUTCDate(t.getUTCDate() + d);
    if (t.getUTCDay() !== 0) out.push(t.toISOString().slice(0, 10));
  }
  return out;
}

async function main() {
  // No nightly backup (ADR 048) in the batches: its COPY statements are not a booking's.
  const server = await prepareBenchServer('auna-bench-cost-', { TRUST_PROXY: 'true', LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1', BACKUP_TIME: 'off' });
  const { url, dbUrl } = server;
  // AUNA_BENCH_PROFILE=1: the server runs with --cpu-prof (a sample every 100 µs) and the single
  // bookings' samples are summed by module and function (profile.ts; ADR 097).
  const profileDir = process.env.AUNA_BENCH_PROFILE ? path.join(server.root, 'profile') : undefined;
  const spawnApp = (profiled = false) =>
    server.spawn(profiled && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=100'] : []);

  // First start: the database is made and migrated; then pg_stat_statements is loaded, which
  // needs PostgreSQL to start again.
  let app = spawnApp();
  let db = new pg.Client({ connectionString: dbUrl });
  try {
    await waitForUrl(`${url}/api/health`, app, 'the server');
    await db.connect();
    await db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    // Planning time too, per statement: an unprepared statement is planned on every call.
    await db.query(`ALTER SYSTEM SET pg_stat_statements.track_planning = on`);
    // The WAL's fsync time by process kind in pg_stat_io (ADR 106).
    await db.query(`ALTER SYSTEM SET track_wal_io_timing = on`);
    await db.end();
    await stopProcess(app);
    app = spawnApp(true);
    await waitForUrl(`${url}/api/health`, app, 'the server, again');
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    await db.query('SET synchronous_commit = off'); // this loading session only

    const salon = await createSalon(db);
    const present = await fillPresent(db, salon);
    await fillHistory(db, salon, 0, Math.max(0, HISTORY - present));
    await db.query('VACUUM ANALYZE');
    const second = (await db.query<{ id: string }>(`SELECT id FROM services WHERE name = 'Corte de pelo'`)).rows[0]!.id;

    const clients: Session[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const s = newSession(url, { headers: { 'x-forwarded-for': `10.98.${1 + Math.floor(i / 250)}.${(i % 250) + 1}` } });
      const r = await s.post('/api/auth/sign-up/email', { email: `cost${i}@bench.auna`, password: 'bench-client-1', name: `Coste ${i}` });
      if (r.status !== 200) throw new Error(`client sign-up: ${r.status}`);
      clients.push(s);
    }
    // The outbox relay's lock (ADR 028) held: the figures are the booking's statement with its
    // enqueuing, not the relay's later work (mails) on the same two cores.
    const relay = new pg.Client({ connectionString: dbUrl });
    await relay.connect();
    relay.on('error', () => undefined); // ended by the server's stop
    await relay.query(`SELECT pg_advisory_lock(hashtextextended('auna:message_outbox', 0))`);

    // Free times as the pages offer them, professional by professional (5 and up: no resources).
    const days = openDays(salon.today, 25);
    const singles: Array<{ professionalId: string; date: string; time: string }> = [];
    const visits: Array<{ professionalId: string; date: string; time: string }> = [];
    for (const professionalId of salon.employeeIds.slice(4, 6)) {
      for (const date of days) {
        if (singles.length < N + 10) {
          const r = await clients[0]!.get(`/api/booking/slots?serviceId=${salon.quickServiceId}&professionalId=${professionalId}&date=${date}`);
          for (const s of r.body.slots as Array<{ time: string }>) singles.push({ professionalId, date, time: s.time });
        }
      }
    }
    // The visits go to the other four professionals.
    for (const professionalId of salon.employeeIds.slice(6)) {
      for (const date of days) {
        if (visits.length >= N + 10) break;
        const q = `services=${salon.quickServiceId},${second}&professionals=${professionalId},${professionalId}&mode=sequence&date=${date}`;
        const r = await clients[0]!.get(`/api/booking/visits/slots?${q}`);
        if (r.status !== 200) throw new Error(`visit slots: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        // Every third offered start, so that the visits (45 minutes) do not take each other's times.
        (r.body.slots as Array<{ time: string }>).forEach((s, i) => i % 3 === 0 && visits.push({ professionalId, date, time: s.time }));
      }
    }
    log(`${singles.length} free times for single bookings, ${visits.length} for visits; ${CLIENTS} clients`);
    if (singles.length < N + 5 || visits.length < N + 5) throw new Error('not enough free times for the batches');
    const client = (i: number) => clients[Math.floor(i / 15) % clients.length]!;
    const bookSingle = async (i: number, k: number) => {
      const t = singles[k]!;
      const r = await client(i).post('/api/booking', { serviceId: salon.quickServiceId, ...t });
      return r.status === 201;
    };
    const bookVisit = async (i: number, k: number) => {
      const t = visits[k]!;
      const body = { parts: [{ serviceId: salon.quickServiceId, professionalId: t.professionalId }, { serviceId: second, professionalId: t.professionalId }], mode: 'sequence', date: t.date, time: t.time };
      const r = await client(i).post('/api/booking/visits', body);
      if (r.status !== 201 && k < 3) log(`visit: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      return r.status === 201;
    };
    // Warm-up: the server's JIT and prepared statements, a few of each (their clients then book fewer).
    for (let k = 0; k < 5; k++) await bookSingle(N * 2 + k, N + k);
    for (let k = 0; k < 5; k++) await bookVisit(N * 2 + 5 + k, N + k);

    const costs: Cost[] = [];
    const window: [number, number] = [0, 0];
    costs.push(
      await measureBatch(db, app.pid!, 'single booking (POST /api/booking)', N, (i) => bookSingle(i, i), {
        started: () => (window[0] = monotonicMicros()),
        ended: () => (window[1] = monotonicMicros()),
      }),
    );
    costs.push(await measureBatch(db, app.pid!, '2-part visit (POST /api/booking/visits)', N, (i) => bookVisit(N + i, i)));
    await relay.end();

    // What a WAL flush costs in system time on this machine's disk (ADR 106).
    const md = renderCosts(costs, new Date(), fdatasyncCost(server.root));
    console.log(md);
    if (!process.env.BENCH_NO_WRITE) {
      const file = path.join(ROOT, 'docs/benchmarks.md');
      const doc = await readFile(file, 'utf8');
      const start = doc.indexOf('<!-- bench-cost:start');
      const endMark = '<!-- bench-cost:end -->';
      const end = doc.indexOf(endMark);
      if (start < 0 || end < start) throw new Error('docs/benchmarks.md has no bench-cost markers');
      await writeFile(file, doc.slice(0, start) + md + doc.slice(end + endMark.length));
      log('written to docs/benchmarks.md');
    }
    if (profileDir) {
      await db.end();
      await stopProcess(app); // --cpu-prof writes its file at exit
      const file = await findProfile(profileDir);
      console.log(await summariseProfile(file, window[0], window[1], N));
      log(`profile ${file}, single bookings between ${window[0]} and ${window[1]} µs (kept with BENCH_KEEP=1)`);
    }
  } finally {
    await db.end().catch(() => undefined);
    await server.cleanup(app, log);
  }
}

main().catch((err: unknown) => {
  console.error('bench:cost failed:', err);
  process.exit(1);
});
