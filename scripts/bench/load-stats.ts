// Where PostgreSQL's work per booking goes UNDER LOAD (ADR 108), for `npm run bench` with
// BENCH_PG_STATS=1: PostgreSQL's own counters taken before and after each booking load and divided
// by the requests answered. pg_stat_statements (every statement, nested ones of the trigger
// functions too: track = all), pg_stat_user_functions (track_functions = pl: the trigger
// functions' own and total time), pg_stat_user_tables (rows written, HOT or not), pg_stat_wal
// (records, full-page images, bytes), checkpoints, commits, and PostgreSQL's CPU by process kind
// (pg-cpu.ts). Counters kept by the cumulative statistics system reach the views only when a
// backend flushes them (at most once a second while busy, 10 s when idle), so the "after" snapshot
// waits FLUSH_MS.
import pg from 'pg';
import { postgresTicks, processKinds, splitTicks, type Ticks } from './pg-cpu';

const FLUSH_MS = 11_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The settings the snapshots need; PostgreSQL must start again for the preload library. */
export async function enableLoadStats(db: pg.Client): Promise<void> {
  await db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await db.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
  await db.query(`ALTER SYSTEM SET pg_stat_statements.track_planning = on`);
  await db.query(`ALTER SYSTEM SET track_functions = 'pl'`);
}

/** After the restart. */
export async function createLoadStatsExtension(db: pg.Client): Promise<void> {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
}

type Statement = {
  calls: number;
  plans: number;
  exec: number;
  plan: number;
  rows: number;
  hit: number;
  dirtied: number;
  written: number;
  walRecords: number;
  walFpi: number;
  walBytes: number;
  top: boolean;
  query: string;
};
type Snapshot = {
  statements: Map<string, Statement>;
  functions: Map<string, { calls: number; self: number; total: number }>;
  tables: Map<string, { ins: number; upd: number; hot: number; del: number }>;
  wal: { records: number; fpi: number; bytes: number; lsn: string };
  checkpoints: number;
  commits: number;
  ticks: Ticks;
};

async function snapshot(db: pg.Client, serverPid: number): Promise<Snapshot> {
  const st = await db.query<{
    id: string;
    calls: string;
    plans: string;
    exec: number;
    plan: number;
    rows: string;
    hit: string;
    dirtied: string;
    written: string;
    wr: string;
    fpi: string;
    wb: string;
    toplevel: boolean;
    query: string;
  }>(
    `SELECT queryid::text || toplevel::text AS id, calls, plans, total_exec_time AS exec, total_plan_time AS plan, rows, shared_blks_hit AS hit,
            shared_blks_dirtied AS dirtied, shared_blks_written AS written, wal_records AS wr, wal_fpi AS fpi, wal_bytes::text AS wb, toplevel, query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const fn = await db.query<{ name: string; calls: string; self: number; total: number }>(
    'SELECT funcname AS name, calls, self_time AS self, total_time AS total FROM pg_stat_user_functions',
  );
  const t = await db.query<{ relname: string; i: string; u: string; h: string; d: string }>(
    'SELECT relname, n_tup_ins AS i, n_tup_upd AS u, n_tup_hot_upd AS h, n_tup_del AS d FROM pg_stat_user_tables',
  );
  const w = (
    await db.query<{ r: string; f: string; b: string; lsn: string }>(
      'SELECT wal_records AS r, wal_fpi AS f, wal_bytes::text AS b, pg_current_wal_lsn()::text AS lsn FROM pg_stat_wal',
    )
  ).rows[0]!;
  const c = (await db.query<{ n: string }>('SELECT (num_timed + num_requested)::text AS n FROM pg_stat_checkpointer')).rows[0]!;
  const x = (await db.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()'))
    .rows[0]!;
  return {
    statements: new Map(
      st.rows.map((r) => [
        r.id,
        {
          calls: +r.calls,
          plans: +r.plans,
          exec: r.exec,
          plan: r.plan,
          rows: +r.rows,
          hit: +r.hit,
          dirtied: +r.dirtied,
          written: +r.written,
          walRecords: +r.wr,
          walFpi: +r.fpi,
          walBytes: +r.wb,
          top: r.toplevel,
          query: r.query,
        },
      ]),
    ),
    functions: new Map(fn.rows.map((r) => [r.name, { calls: +r.calls, self: r.self, total: r.total }])),
    tables: new Map(t.rows.map((r) => [r.relname, { ins: +r.i, upd: +r.u, hot: +r.h, del: +r.d }])),
    wal: { records: +w.r, fpi: +w.f, bytes: +w.b, lsn: w.lsn },
    checkpoints: +c.n,
    commits: +x.n,
    ticks: postgresTicks(serverPid),
  };
}

/** Starts the count; the answer's stop() takes the requests answered and gives the lines per request. */
export async function watchLoadStats(db: pg.Client, serverPid: number): Promise<{ stop: (requests: number) => Promise<string[]> }> {
  // What the run before left (the previous load's removal, the relay's catch-up) reaches the views first.
  await db.query('SELECT pg_stat_force_next_flush()');
  await sleep(FLUSH_MS);
  const a = await snapshot(db, serverPid);
  return {
    stop: async (n) => {
      const ticksB = postgresTicks(serverPid);
      const kinds = await processKinds(db);
      await sleep(FLUSH_MS);
      const b = await snapshot(db, serverPid);
      // The WAL records by kind between the two snapshots (pg_walinspect): row locks, multixacts, commits.
      const walKinds = await db.query<{ kind: string; n: string }>(
        `SELECT "resource_manager/record_type" AS kind, count::text AS n FROM pg_get_wal_stats($1::pg_lsn, $2::pg_lsn, true) WHERE count > 0 ORDER BY count DESC LIMIT 16`,
        [a.wal.lsn, b.wal.lsn],
      );
      const lines = render(a, { ...b, ticks: ticksB }, kinds, n);
      lines.splice(
        1,
        0,
        `WAL records per request by kind: ${walKinds.rows.map((k) => `${k.kind} ${f(Number(k.n) / Math.max(1, n))}`).join('; ')}.`,
      );
      return lines;
    },
  };
}

const f = (x: number, d = 2) => x.toLocaleString('en', { maximumFractionDigits: d });
// graphile-worker's own statements are counted (the jobs a booking's messages take, ADR 111); the
// bench's wait for them (run.ts's settle) is not. Its column has a name no statement of the app
// uses: the booking's context read has a column `busy`.
const OURS = /pg_stat|pg_current_wal|pg_advisory_lock\(hashtextextended|AS bench_settle_busy|CHECKPOINT|VACUUM|pg_database|pg_reload_conf/;

function render(a: Snapshot, b: Snapshot, kinds: Map<number, string>, n: number): string[] {
  const per = (x: number) => x / Math.max(1, n);
  const cpu = splitTicks(a.ticks, b.ticks, kinds, n);
  const lines = [
    `${n} requests; per request: PostgreSQL CPU ${f(cpu.user + cpu.system)} ms (user ${f(cpu.user)}, system ${f(cpu.system)}; ${cpu.kinds.map(([k, u, s]) => `${k} ${f(u + s)}`).join(', ')}); commits ${f(per(b.commits - a.commits))}; WAL ${f(per(b.wal.records - a.wal.records))} records, ${f(per(b.wal.fpi - a.wal.fpi))} full-page images, ${f(per(b.wal.bytes - a.wal.bytes), 0)} bytes; checkpoints during the load ${b.checkpoints - a.checkpoints}.`,
  ];
  const rows: string[] = [];
  for (const [name, t] of b.tables) {
    const o = a.tables.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const [i, u, h, d] = [t.ins - o.ins, t.upd - o.upd, t.hot - o.hot, t.del - o.del];
    if (i + u + d > 0)
      rows.push(
        `${name} ${[i && `+${f(per(i))}`, u && `~${f(per(u))} (HOT ${f(per(h))})`, d && `-${f(per(d))}`].filter(Boolean).join(' ')}`,
      );
  }
  lines.push(`rows written per request (+ inserted, ~ updated, - deleted): ${rows.join('; ') || 'none'}.`);
  const fns: string[] = [];
  for (const [name, x] of b.functions) {
    const o = a.functions.get(name) ?? { calls: 0, self: 0, total: 0 };
    if (x.calls > o.calls)
      fns.push(
        `${name} ${f(per(x.calls - o.calls))} calls, self ${f(per(x.self - o.self), 3)} ms, total ${f(per(x.total - o.total), 3)} ms`,
      );
  }
  lines.push(`PL/pgSQL functions per request (trigger functions included; wall ms): ${fns.join('; ') || 'none'}.`);
  const st: Array<Statement & { id: string }> = [];
  for (const [id, s] of b.statements) {
    if (OURS.test(s.query)) continue;
    const o = a.statements.get(id);
    const d = (k: keyof Statement) => (s[k] as number) - ((o?.[k] as number | undefined) ?? 0);
    if (d('calls') <= 0) continue;
    st.push({
      id,
      calls: d('calls'),
      plans: d('plans'),
      exec: d('exec'),
      plan: d('plan'),
      rows: d('rows'),
      hit: d('hit'),
      dirtied: d('dirtied'),
      written: d('written'),
      walRecords: d('walRecords'),
      walFpi: d('walFpi'),
      walBytes: d('walBytes'),
      top: s.top,
      query: s.query,
    });
  }
  st.sort((x, y) => y.exec + y.plan - (x.exec + x.plan));
  lines.push(
    'statements per request, by time (top level or nested in a function; calls, plans; plan + run ms wall; rows; shared blocks hit / dirtied / written; WAL records, FPIs, bytes):',
  );
  for (const s of st.slice(0, 14)) {
    lines.push(
      `- ${s.top ? 'top' : 'nested'} ${f(per(s.calls))} calls, ${f(per(s.plans))} plans; ${f(per(s.plan), 3)} + ${f(per(s.exec), 3)} ms; ${f(per(s.rows))} rows; blocks ${f(per(s.hit), 1)} / ${f(per(s.dirtied))} / ${f(per(s.written))}; WAL ${f(per(s.walRecords))} records, ${f(per(s.walFpi))} FPI, ${f(per(s.walBytes), 0)} bytes: \`${s.query.replace(/\s+/g, ' ').slice(0, 100).replace(/`/g, "'")}\``,
    );
  }
  return lines;
}
