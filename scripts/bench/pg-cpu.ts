import { closeSync, fdatasyncSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

// Where PostgreSQL's CPU goes during a batch (ADR 106): its processes below the app server, each
// one's user and system time from /proc, grouped by what the process is (pg_stat_activity's
// backend_type; a client backend by the connection it serves), and the WAL's writes and flushes
// by process kind from pg_stat_io. The statements' own run time (pg_stat_statements) is only a
// part: the rest is the protocol's socket work, commits, the WAL flush and background processes.

const TICKS_PER_SECOND = 100; // USER_HZ (getconf CLK_TCK)

export type Ticks = Map<number, { user: number; system: number; postmaster: boolean }>;

/** user and system ticks of every non-node process below `serverPid` (its PostgreSQL). */
export function postgresTicks(serverPid: number): Ticks {
  const parent = new Map<number, number>();
  const times: Ticks = new Map();
  const names = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(f[1]));
      names.set(Number(name), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      times.set(Number(name), { user: Number(f[11]), system: Number(f[12]), postmaster: false });
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid), hops = 0; p && hops < 10; p = parent.get(p), hops++) if (p === serverPid) return true;
    return false;
  };
  const out: Ticks = new Map();
  for (const [pid, t] of times)
    if (names.get(pid) !== 'node' && below(pid)) out.set(pid, { ...t, postmaster: parent.get(pid) === serverPid });
  return out;
}

/** user + system ticks of one process (the app server), 0 when it is gone. */
export function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** What each PostgreSQL process is: its backend type, a client backend named by the connection it serves. */
export async function processKinds(db: pg.Client): Promise<Map<number, string>> {
  const r = await db.query<{ pid: number; backend_type: string; query: string | null; me: boolean; app: string | null }>(
    `SELECT pid, backend_type, query, pid = pg_backend_pid() AS me, application_name AS app FROM pg_stat_activity`,
  );
  const kinds = new Map<number, string>();
  for (const a of r.rows) {
    let kind = a.backend_type;
    if (kind === 'client backend') {
      const q = a.query ?? '';
      if (a.me || /pg_advisory_lock\(hashtextextended\('auna:message_outbox'/.test(q)) kind = "the bench's own connections";
      else if (/pg_notify\(\$1, payload\)|^LISTEN auna_events/.test(q)) kind = 'the live events’ connection (LISTEN, NOTIFY)';
      else if (/graphile_worker|LISTEN "?jobs/.test(q) || /graphile/.test(a.app ?? '')) kind = "graphile-worker's connections";
      else kind = "the app's pool (the statements)";
    }
    kinds.set(a.pid, kind);
  }
  return kinds;
}

export type PgCpuSplit = {
  /** per request, ms: [kind, user, system] most first */
  kinds: Array<[string, number, number]>;
  user: number;
  system: number;
  /** per request: the WAL's writes and fsyncs by process kind (pg_stat_io), e.g. "walwriter 0.9 fsyncs" */
  walIo: string[];
};

/** The difference of two tick snapshots per request, grouped by process kind. */
export function splitTicks(a: Ticks, b: Ticks, kinds: Map<number, string>, n: number): Omit<PgCpuSplit, 'walIo'> {
  const ms = (ticks: number) => Math.round(((ticks * 1000) / TICKS_PER_SECOND / n) * 100) / 100;
  const byKind = new Map<string, [number, number]>();
  let user = 0;
  let system = 0;
  for (const [pid, t] of b) {
    const t0 = a.get(pid) ?? { user: 0, system: 0, postmaster: false };
    const du = t.user - t0.user;
    const ds = t.system - t0.system;
    if (du + ds === 0) continue;
    // A process gone before the kinds were read: a backend that came and went (a new connection).
    const kind = t.postmaster ? 'postmaster' : (kinds.get(pid) ?? 'processes that ended or started meanwhile');
    const k = byKind.get(kind) ?? [0, 0];
    byKind.set(kind, [k[0] + du, k[1] + ds]);
    user += du;
    system += ds;
  }
  const list = [...byKind].map(([k, [u, s]]): [string, number, number] => [k, ms(u), ms(s)]).sort((x, y) => y[1] + y[2] - (x[1] + x[2]));
  return { kinds: list, user: ms(user), system: ms(system) };
}

type WalIo = Map<string, [number, number, number]>;

/** The WAL's writes, fsyncs and fsync time (ms) by backend type (pg_stat_io, PostgreSQL 18). */
export async function walIo(db: pg.Client): Promise<WalIo> {
  const r = await db.query<{ t: string; w: string; f: string; ft: string }>(
    `SELECT backend_type AS t, coalesce(sum(writes), 0)::text AS w, coalesce(sum(fsyncs), 0)::text AS f, coalesce(sum(fsync_time), 0)::text AS ft
       FROM pg_stat_io WHERE object = 'wal' GROUP BY backend_type`,
  );
  return new Map(r.rows.map((x) => [x.t, [Number(x.w), Number(x.f), Number(x.ft)]]));
}

export function walIoPerRequest(a: WalIo, b: WalIo, n: number): string[] {
  const per = (x: number) => Math.round((x / n) * 100) / 100;
  const out: string[] = [];
  for (const [t, [w, f, ft]] of b) {
    const [w0, f0, ft0] = a.get(t) ?? [0, 0, 0];
    if (w - w0 + (f - f0) === 0) continue;
    out.push(`${t}: ${per(w - w0)} writes, ${per(f - f0)} fsyncs (${per(ft - ft0)} ms of fsync wall time)`);
  }
  return out;
}

/**
 * What one fdatasync of an 8 KB write costs THIS process on the disk PostgreSQL writes to: the
 * system CPU (the kernel's filesystem and block work, and on a VM the virtual disk's exits) and
 * the wall time, a mean over `n` calls. A WAL flush at commit is one such call.
 */
export function fdatasyncCost(dir: string, n = 200): { systemMs: number; userMs: number; wallMs: number; writeSystemMs: number } {
  const file = path.join(dir, `fdatasync-probe-${process.pid}`);
  const fd = openSync(file, 'w');
  const page = Buffer.alloc(8192, 1);
  const loop = (sync: boolean) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      writeSync(fd, page, 0, page.length, (i % 16) * 8192);
      if (sync) fdatasyncSync(fd);
    }
    return { wall: performance.now() - t0, cpu: process.cpuUsage(c0) };
  };
  try {
    loop(true); // the file's blocks allocated, the caches warm
    const plain = loop(false);
    const synced = loop(true);
    const r = (x: number) => Math.round(x * 1000) / 1000;
    // The fdatasync's own share: the loop with it less the loop of the same writes without it.
    return {
      systemMs: r((synced.cpu.system - plain.cpu.system) / 1000 / n),
      userMs: r((synced.cpu.user - plain.cpu.user) / 1000 / n),
      wallMs: r((synced.wall - plain.wall) / n),
      writeSystemMs: r(plain.cpu.system / 1000 / n),
    };
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}
