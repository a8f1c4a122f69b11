import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { measureCpu } from './cpu';
import { postgresTicks, processKinds, processTicks, splitTicks, walIo, walIoPerRequest, type PgCpuSplit } from './pg-cpu';

// What a batch of requests cost PostgreSQL and the app, counted rather than timed where it can be
// (ADR 094): statements (pg_stat_statements, top level), rows written per table
// (pg_stat_user_tables), WAL (pg_stat_wal and the LSN); CPU from /proc, which a shared machine
// makes noisy, so the load average goes with it.

export type Cost = {
  label: string;
  /** requests made, and what one unit is (a booking, a visit of two) */
  requests: number;
  ok: number;
  /** per request */
  appCpuMs: number;
  pgCpuMs: number;
  statements: number;
  rowsWritten: number;
  walBytes: number;
  /** the WAL its statements wrote (pg_stat_statements): without commits and background work */
  statementWalBytes: number;
  walRecords: number;
  walFpi: number;
  /** per table: inserts/updates/deletes per request (only tables written) */
  tables: Record<string, string>;
  /** the statements by calls per request, most first (their text cut), with their mean planning and execution time (ms a call) */
  top: Array<{ calls: number; wal: number; planMs: number; execMs: number; query: string }>;
  /** WAL records per request by kind, most first */
  walKinds: string[];
  /** PostgreSQL's CPU by process kind, user and system, and its WAL I/O (ADR 106) */
  pg: PgCpuSplit;
  /** the batch's wall time a request, and the CPU a second of the app and PostgreSQL while idle just before it (ADR 106) */
  idle: { wallMsPerRequest: number; appMsPerSecond: number; pgMsPerSecond: number; pgKinds: string };
  load: string;
};

type Snap = { lsn: string; records: number; fpi: number; tables: Map<string, [number, number, number]> };

// A backend with pending statistics flushes them at most once a second, and an idle one after up to
// 10 s (PGSTAT_IDLE_INTERVAL): wait that long before reading them.
const FLUSH_MS = 11_000;
// The last part of that wait measures what the app and PostgreSQL use with no request at all (timers,
// the relay's tick, graphile-worker's polling): one request at a time, that is in every request's figure too.
const IDLE_MS = 5_000;

async function snap(db: pg.Client): Promise<Snap> {
  const wal = await db.query<{ lsn: string; records: string; fpi: string }>(
    'SELECT pg_current_wal_lsn()::text AS lsn, wal_records::text AS records, wal_fpi::text AS fpi FROM pg_stat_wal',
  );
  const t = await db.query<{ relname: string; i: string; u: string; d: string }>(
    'SELECT relname, n_tup_ins::text AS i, n_tup_upd::text AS u, n_tup_del::text AS d FROM pg_stat_user_tables',
  );
  const w = wal.rows[0]!;
  return { lsn: w.lsn, records: Number(w.records), fpi: Number(w.fpi), tables: new Map(t.rows.map((r) => [r.relname, [Number(r.i), Number(r.u), Number(r.d)]])) };
}

/**
 * Runs `one(i)` `n` times, one request at a time (no queueing in the figures: what one booking
 * costs, not what a crowd of them waits for), after a CHECKPOINT so every batch starts with the
 * same full-page-write state, and answers its cost per request.
 */
export async function measureBatch(
  db: pg.Client,
  serverPid: number,
  label: string,
  n: number,
  one: (i: number) => Promise<boolean>,
  /** called as the timed requests start and end (the CPU profile's window) */
  hooks?: { started?: () => void; ended?: () => void },
): Promise<Cost> {
  // Autovacuum off for the batch: its WAL (pruning, visibility maps) is not this batch's, and it
  // would land in one batch and not the other.
  await db.query(`ALTER SYSTEM SET autovacuum = off`);
  await db.query('SELECT pg_reload_conf()');
  await db.query('CHECKPOINT');
  await sleep(FLUSH_MS - IDLE_MS);
  const idleTicks = postgresTicks(serverPid);
  const idleApp = processTicks(serverPid);
  await sleep(IDLE_MS);
  // Ticks of 10 ms over the idle seconds, not measureCpu's cores rounded to hundredths (10 ms a second).
  const idleAppMsPerSecond = ((processTicks(serverPid) - idleApp) * 10) / (IDLE_MS / 1000);
  const idleSplit = splitTicks(idleTicks, postgresTicks(serverPid), await processKinds(db), IDLE_MS / 1000);
  const a = await snap(db);
  const ioA = await walIo(db);
  await db.query('SELECT pg_stat_statements_reset()');
  const ticksA = postgresTicks(serverPid);
  const stopCpu = measureCpu(serverPid);
  const t0 = performance.now();
  hooks?.started?.();
  let ok = 0;
  for (let i = 0; i < n; i++) if (await one(i)) ok++;
  hooks?.ended?.();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = stopCpu();
  const ticksB = postgresTicks(serverPid);
  const processes = await processKinds(db);
  await sleep(FLUSH_MS);
  const ioB = await walIo(db);
  const st = await db.query<{ calls: string; wal: string; walBytes: string; plan: number; exec: number; query: string }>(
    `SELECT calls, wal_records AS wal, wal_bytes AS "walBytes", total_plan_time AS plan, total_exec_time AS exec, query FROM pg_stat_statements
      WHERE query NOT LIKE '%pg_stat%' AND query NOT LIKE '%pg_current_wal_lsn%' AND query NOT LIKE 'CHECKPOINT%'
        AND query NOT LIKE '%graphile_worker%' AND query NOT LIKE '%pg_get_wal_stats%' ORDER BY calls DESC, wal_records DESC`,
  );
  const b = await snap(db);
  await db.query(`ALTER SYSTEM RESET autovacuum`);
  await db.query('SELECT pg_reload_conf()');
  // What the WAL records were, by resource manager and record type (pg_walinspect).
  const kinds = await db.query<{ kind: string; n: string }>(
    `SELECT "resource_manager/record_type" AS kind, count::text AS n FROM pg_get_wal_stats($1::pg_lsn, $2::pg_lsn, true) WHERE count > 0 ORDER BY count DESC LIMIT 14`,
    [a.lsn, b.lsn],
  );
  const lsnDiff = await db.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes', [b.lsn, a.lsn]);
  const per = (x: number) => Math.round((x / n) * 100) / 100;
  const mean = (total: number, calls: string) => Math.round((Number(total) / Math.max(1, Number(calls))) * 1000) / 1000;
  const tables: Record<string, string> = {};
  let rowsWritten = 0;
  for (const [name, [i, u, d]] of b.tables) {
    const [i0, u0, d0] = a.tables.get(name) ?? [0, 0, 0];
    const di = i - i0;
    const du = u - u0;
    const dd = d - d0;
    if (di + du + dd === 0) continue;
    rowsWritten += di + du + dd;
    tables[name] = [di && `+${per(di)}`, du && `~${per(du)}`, dd && `-${per(dd)}`].filter(Boolean).join(' ');
  }
  const calls = st.rows.reduce((t, r) => t + Number(r.calls), 0);
  const statementWal = st.rows.reduce((t, r) => t + Number(r.walBytes), 0);
  return {
    label,
    requests: n,
    ok,
    appCpuMs: Math.round(((cpu.server * seconds * 1000) / n) * 100) / 100,
    pgCpuMs: Math.round(((cpu.postgres * seconds * 1000) / n) * 100) / 100,
    statements: per(calls),
    rowsWritten: per(rowsWritten),
    walBytes: Math.round(Number(lsnDiff.rows[0]!.bytes) / n),
    statementWalBytes: Math.round(statementWal / n),
    walRecords: per(b.records - a.records),
    walFpi: per(b.fpi - a.fpi),
    tables,
    top: st.rows.slice(0, 12).map((r) => ({ calls: per(Number(r.calls)), wal: per(Number(r.wal)), planMs: mean(r.plan, r.calls), execMs: mean(r.exec, r.calls), query: r.query.replace(/\s+/g, ' ').slice(0, 110) })),
    pg: { ...splitTicks(ticksA, ticksB, processes, n), walIo: walIoPerRequest(ioA, ioB, n) },
    idle: {
      wallMsPerRequest: Math.round(((seconds * 1000) / n) * 10) / 10,
      appMsPerSecond: Math.round(idleAppMsPerSecond * 10) / 10,
      pgMsPerSecond: Math.round((idleSplit.user + idleSplit.system) * 10) / 10,
      pgKinds: idleSplit.kinds.map(([k, u, sy]) => `${k} ${fmt(u + sy)}`).join('; '),
    },
    walKinds: kinds.rows.map((k) => `${k.kind} ${per(Number(k.n))}`),
    load: (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' / '),
  };
}

const fmt = (x: number) => x.toLocaleString('en', { maximumFractionDigits: 2 });

/** The markdown rows: per booking, and for a visit per visit and per service. */
export function renderCosts(costs: Cost[], date: Date, disk?: { systemMs: number; userMs: number; wallMs: number; writeSystemMs: number }): string {
  const single = costs.find((c) => c.label.startsWith('single'));
  const lines = [
    '<!-- bench-cost:start (written by npm run bench:cost; do not edit by hand) -->',
    `Run ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC: one request at a time, after a CHECKPOINT; per request (a visit's row also per service, ÷ its parts).`,
    '',
    '| Load | Requests (OK) | App CPU ms | PostgreSQL CPU ms | PostgreSQL user / system ms | In all ms | Statements | Rows written | WAL bytes | WAL bytes of its statements | WAL records | Full-page images | Load average (1/5/15) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const c of costs) {
    const parts = Number(/(\d+)-part/.exec(c.label)?.[1] ?? 1);
    const row = (label: string, k: number) =>
      `| ${label} | ${c.requests} (${c.ok}) | ${fmt(c.appCpuMs / k)} | ${fmt(c.pgCpuMs / k)} | ${fmt(c.pg.user / k)} / ${fmt(c.pg.system / k)} | ${fmt((c.appCpuMs + c.pgCpuMs) / k)} | ${fmt(c.statements / k)} | ${fmt(c.rowsWritten / k)} | ${fmt(Math.round(c.walBytes / k))} | ${fmt(Math.round(c.statementWalBytes / k))} | ${fmt(c.walRecords / k)} | ${fmt(c.walFpi / k)} | ${c.load} |`;
    lines.push(row(c.label, 1));
    if (parts > 1) lines.push(row(`${c.label}, per service`, parts));
  }
  if (single) {
    for (const c of costs.filter((x) => /(\d+)-part/.test(x.label))) {
      const parts = Number(/(\d+)-part/.exec(c.label)![1]);
      const ratio = (x: number, y: number) => (y > 0 ? (x / parts / y).toFixed(2) : '—');
      lines.push(
        '',
        `${c.label} per service against a single booking: CPU in all ×${ratio(c.appCpuMs + c.pgCpuMs, single.appCpuMs + single.pgCpuMs)}, statements ×${ratio(c.statements, single.statements)}, WAL bytes ×${ratio(c.walBytes, single.walBytes)} (target ≤ ×1.3).`,
      );
    }
  }
  if (disk) {
    lines.push(
      '',
      `One fdatasync after an 8 KB write on the disk PostgreSQL writes to (this process, a mean of 200): ${disk.systemMs} ms of system CPU, ${disk.userMs} ms user, ${disk.wallMs} ms wall; the write alone ${disk.writeSystemMs} ms of system CPU.`,
    );
  }
  for (const c of costs) {
    lines.push(
      '',
      `**${c.label}**: PostgreSQL's CPU per request by process (ms user + system): ${c.pg.kinds.map(([k, u, sy]) => `${k} ${fmt(u)} + ${fmt(sy)}`).join('; ')}. The WAL's I/O per request (pg_stat_io): ${c.pg.walIo.join('; ') || 'none'}.`,
    );
    const idleShare = (msPerSecond: number) => fmt((msPerSecond * c.idle.wallMsPerRequest) / 1000);
    lines.push(
      '',
      `**${c.label}**: the batch took ${fmt(c.idle.wallMsPerRequest)} ms of wall time a request. With no request at all (${IDLE_MS / 1000} s just before the batch) the app used ${fmt(c.idle.appMsPerSecond)} ms of CPU a second and PostgreSQL ${fmt(c.idle.pgMsPerSecond)} (${c.idle.pgKinds || 'none'}): at this pace about ${idleShare(c.idle.appMsPerSecond)} ms (app) and ${idleShare(c.idle.pgMsPerSecond)} ms (PostgreSQL) of each request's figures above.`,
    );
    lines.push('', `**${c.label}**: rows written per request by table (+ inserted, ~ updated, - deleted): ${Object.entries(c.tables).map(([t, v]) => `${t} ${v}`).join('; ') || 'none'}.`, '', `WAL records per request by kind: ${c.walKinds.join('; ')}.`, '', 'Statements per request, most called first (the WAL records each writes; its mean time to plan and to run, ms a call, wall clock):', '');
    for (const s of c.top) lines.push(`- ${s.calls} × (${s.wal} WAL records; plan ${s.planMs}, run ${s.execMs}) \`${s.query.replace(/`/g, "'")}\``);
  }
  lines.push('<!-- bench-cost:end -->');
  return lines.join('\n');
}
