import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays, isoDayOfWeek, salonDateOf, SALON_TIME_ZONE } from '../../src/domain/calendar-date';
import { spawnServer, waitForHealth, type ChildServer } from './child-server';
import { freePort } from './free-port';
import { freshDatabase } from './fresh-database';

// Several real server processes (node --import tsx src/server/main.ts) on ONE fresh database of
// the run's PostgreSQL, as instances behind a load balancer would run (ARCHITECTURE §3). They share
// DATA_DIR, hence the auth secret: a session made through one is valid on the other.

export type Instance = { url: string; child: ChildServer };
export type Cluster = { instances: Instance[]; db: pg.Pool; dbUrl: string; dataDir: string; close: () => Promise<void> };

export async function startCluster(opts: { processes: number; env?: Record<string, string> }): Promise<Cluster> {
  const database = await freshDatabase('rel');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-rel-'));

  const instances: Instance[] = [];
  // One after the other: the first creates the shared secrets, the migrations run once.
  for (let i = 0; i < opts.processes; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...opts.env,
    });
    instances.push({ url, child });
    await waitForHealth(url, child, 60_000);
  }
  const db = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    instances,
    db,
    dbUrl: database.url,
    dataDir,
    async close() {
      for (const { child } of instances) {
        if (child.proc.exitCode === null && child.proc.signalCode === null) {
          child.proc.kill('SIGTERM');
          const t = setTimeout(() => child.proc.kill('SIGKILL'), 10_000);
          await child.exited;
          clearTimeout(t);
        }
      }
      await db.end();
      await database.drop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let ipSeq = 0;
/** A fresh X-Forwarded-For (the instances trust it) so per-address limits do not cut a load. */
export const nextIp = (prefix = '10.60') => `${prefix}.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;

export { pool } from './pool';

/**
 * The `n`-th salon day (Europe/Madrid) after today that is not a Sunday. Distinct `n` give distinct
 * days whatever today is: skipping a Sunday by moving to the next day made salonDay(6) and
 * salonDay(7) the same Monday when salonDay(6) fell on a Sunday, and set-up bookings collided (409)
 * every Monday. Calendar arithmetic on the salon's dates, so no DST change can skip or repeat a day.
 */
export function salonDay(n: number, now = new Date()): string {
  let day = salonDateOf(now, SALON_TIME_ZONE);
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    if (isoDayOfWeek(day) !== 7) left--;
  }
  return day;
}

/** Mon-Sat 09:00-20:00 without breaks. */
export const OPEN_SCHEDULE = (() => {
  const day = { isWorkingDay: true, startTime: '09:00', endTime: '20:00', breaks: [] };
  const off = { isWorkingDay: false, startTime: '09:00', endTime: '17:00', breaks: [] };
  return { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: off };
})();
