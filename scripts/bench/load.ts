import autocannon, { type Options } from 'autocannon';
import pg from 'pg';
import { measureCpu, type CpuSplit } from './cpu';

/**
 * What PostgreSQL's busy backends are doing while a load runs: pg_stat_activity sampled every
 * 100 ms, counted by wait event ('CPU' when a backend is active and waits on nothing). It shows
 * whether the database is the limit (lock or WAL waits) or idle while the app works.
 */
export function sampleWaits(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  const counts = new Map<string, number>();
  let samples = 0;
  let stop = false;
  const done = (async () => {
    await client.connect();
    while (!stop) {
      const r = await client.query<{ w: string; n: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w, count(*) AS n FROM pg_stat_activity
         WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`,
      );
      samples++;
      for (const row of r.rows) counts.set(row.w, (counts.get(row.w) ?? 0) + Number(row.n));
      await new Promise((res) => setTimeout(res, 100));
    }
    await client.end();
  })();
  return async () => {
    stop = true;
    await done;
    // average number of backends in each state per sample
    return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round((v / Math.max(1, samples)) * 10) / 10]));
  };
}

export type Figures = {
  /** responses per second over the measured window */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** status code -> count */
  codes: Record<string, number>;
  errors: number;
  /** average PostgreSQL backends per wait event during the run */
  waits?: Record<string, number>;
  /** where the machine's CPU went during the run, in cores */
  cpu?: CpuSplit;
  /**
   * CPU per request in ms (cores ÷ requests/s) of ONE round, the round whose sum is the median
   * (run.ts's median()): a round's CPU over another round's rate would mix a first round's warm-up
   * with a later round's pace.
   */
  cpuMs?: { app: number; postgres: number; load: number; inAll: number };
  /**
   * Bookings: CPU per request in ms from the load's start until the messages it queued were sent
   * (the outbox empty and no job due), of the median round by its sum (ADR 111, 112).
   */
  untilSentMs?: { app: number; postgres: number; load: number; inAll: number; seconds: number };
};

/** What to watch besides the responses: PostgreSQL's wait events (dbUrl), the CPU split (serverPid). */
export type Watch = { dbUrl?: string; serverPid?: number };

export const CONNECTIONS = 50;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * One endpoint under `connections` (default CONNECTIONS) concurrent connections for `seconds` (after a short warm-up
 * that is not counted). Latencies are taken from every response (autocannon's own histogram
 * rounds to whole milliseconds), so p50/p99 keep their decimals.
 */
export async function cannon(opts: Omit<Options, 'connections' | 'duration'>, seconds: number, warmupSeconds = 2, watch: Watch = {}, connections = CONNECTIONS): Promise<Figures> {
  if (warmupSeconds > 0) await autocannon({ ...opts, connections, duration: warmupSeconds });
  const stopSampling = watch.dbUrl ? sampleWaits(watch.dbUrl) : undefined;
  const stopCpu = watch.serverPid ? measureCpu(watch.serverPid) : undefined;
  const times: number[] = [];
  const instance = autocannon({ ...opts, connections, duration: seconds });
  (instance as unknown as { on: (e: string, f: (...a: unknown[]) => void) => void }).on('response', (...a: unknown[]) => {
    times.push(a[3] as number);
  });
  const r = await instance;
  const cpu = stopCpu?.();
  const waits = await stopSampling?.();
  times.sort((a, b) => a - b);
  const codes: Record<string, number> = {};
  for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) codes[k] = v.count;
  return { rps: times.length / r.duration, p50: percentile(times, 50), p99: percentile(times, 99), total: times.length, codes, errors: r.errors + r.timeouts, waits, cpu };
}

/**
 * The reference for bookings: how fast the same PostgreSQL commits a bare one-row INSERT, each
 * its own transaction (fsync on), from `CONNECTIONS` concurrent clients - pgbench's idea, from Node.
 */
export async function bareInsertRate(dbUrl: string, seconds: number, serverPid?: number): Promise<Figures> {
  const setup = new pg.Client({ connectionString: dbUrl });
  await setup.connect();
  await setup.query('DROP TABLE IF EXISTS bench_scratch');
  await setup.query("CREATE TABLE bench_scratch (id bigserial PRIMARY KEY, v text NOT NULL, at timestamptz NOT NULL DEFAULT now())");
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
  const run = async (ms: number, record: boolean, times: number[]) => {
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        const client = await pool.connect();
        try {
          for (let i = 0; performance.now() < end; i++) {
            const t = performance.now();
            await client.query('INSERT INTO bench_scratch (v) VALUES ($1)', [`c${c}-${i}`]);
            if (record) times.push(performance.now() - t);
          }
        } finally {
          client.release();
        }
      }),
    );
  };
  try {
    await run(2000, false, []);
    const times: number[] = [];
    const stopSampling = sampleWaits(dbUrl);
    const stopCpu = serverPid ? measureCpu(serverPid) : undefined;
    const start = performance.now();
    await run(seconds * 1000, true, times);
    const cpu = stopCpu?.();
    const waits = await stopSampling();
    const elapsed = (performance.now() - start) / 1000;
    times.sort((a, b) => a - b);
    return { rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), total: times.length, codes: { commit: times.length }, errors: 0, waits, cpu };
  } finally {
    await pool.end();
    await setup.query('DROP TABLE IF EXISTS bench_scratch');
    await setup.end();
  }
}
