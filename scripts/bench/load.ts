import autocannon, { type Options } from 'autocannon';
import pg from 'pg';

export type Figures = {
  /** responses per second over the measured window */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** status code -> count */
  codes: Record<string, number>;
  errors: number;
};

export const CONNECTIONS = 50;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * One endpoint under `CONNECTIONS` concurrent connections for `seconds` (after a short warm-up
 * that is not counted). Latencies are taken from every response (autocannon's own histogram
 * rounds to whole milliseconds), so p50/p99 keep their decimals.
 */
export async function cannon(opts: Omit<Options, 'connections' | 'duration'>, seconds: number, warmupSeconds = 2): Promise<Figures> {
  if (warmupSeconds > 0) await autocannon({ ...opts, connections: CONNECTIONS, duration: warmupSeconds });
  const times: number[] = [];
  const instance = autocannon({ ...opts, connections: CONNECTIONS, duration: seconds });
  (instance as unknown as { on: (e: string, f: (...a: unknown[]) => void) => void }).on('response', (...a: unknown[]) => {
    times.push(a[3] as number);
  });
  const r = await instance;
  times.sort((a, b) => a - b);
  const codes: Record<string, number> = {};
  for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) codes[k] = v.count;
  return { rps: times.length / r.duration, p50: percentile(times, 50), p99: percentile(times, 99), total: times.length, codes, errors: r.errors + r.timeouts };
}

/**
 * The reference for bookings: how fast the same PostgreSQL commits a bare one-row INSERT, each
 * its own transaction (fsync on), from `CONNECTIONS` concurrent clients - pgbench's idea, from Node.
 */
export async function bareInsertRate(dbUrl: string, seconds: number): Promise<Figures> {
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
    const start = performance.now();
    await run(seconds * 1000, true, times);
    const elapsed = (performance.now() - start) / 1000;
    times.sort((a, b) => a - b);
    return { rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), total: times.length, codes: { commit: times.length }, errors: 0 };
  } finally {
    await pool.end();
    await setup.query('DROP TABLE IF EXISTS bench_scratch');
    await setup.end();
  }
}
