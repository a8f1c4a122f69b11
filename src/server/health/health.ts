import type pg from 'pg';
import { createDatabaseProbe, type DatabaseProbe } from './database-probe';
import { diskStatus, type DiskStatus, type DiskThresholds } from './disk-space';
import { appliedLatest, type ShippedSchema } from './schema-version';
import { APP_VERSION } from './version';

/** Why the server is not ready to serve; each reason is a word a monitor can match. */
export type NotReadyReason = 'database' | 'migrations' | 'disk';

export type Health = {
  version: string;
  database: DatabaseProbe;
  disk: () => Promise<DiskStatus | undefined>;
  /** Everything a load balancer or a monitor asks before sending users here (/api/health/ready). */
  ready: () => Promise<{ ready: boolean; reasons: NotReadyReason[]; disk?: DiskStatus }>;
};

export function createHealth(opts: { pool: pg.Pool; dataDir: string; disk: DiskThresholds; schema: ShippedSchema }): Health {
  const database = createDatabaseProbe(opts.pool);
  const disk = () => diskStatus(opts.dataDir, opts.disk).catch(() => undefined);
  return {
    version: APP_VERSION,
    database,
    disk,
    async ready() {
      const reasons: NotReadyReason[] = [];
      const [up, d] = await Promise.all([database.check(), disk()]);
      // The probe may have answered just before the database went away: a migrations read that
      // fails is the database's reason too, never 'migrations'.
      const applied = up ? await appliedLatest(opts.pool).catch(() => undefined) : undefined;
      if (applied === undefined) {
        reasons.push('database');
        // What the pages and the API ask next is the same answer (their 503), not the probe's old "yes".
        if (up) database.markDown();
      }
      // Another instance may have been upgraded on the same database, or this one not yet migrated.
      else if (applied !== opts.schema.latestMigrationAt) reasons.push('migrations');
      if (d?.level === 'full') reasons.push('disk');
      return { ready: reasons.length === 0, reasons, disk: d };
    },
  };
}
