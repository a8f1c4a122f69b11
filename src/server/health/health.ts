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
      if (!up) reasons.push('database');
      // Another instance may have been upgraded on the same database, or this one not yet migrated.
      else if ((await appliedLatest(opts.pool).catch(() => -1)) !== opts.schema.latestMigrationAt) reasons.push('migrations');
      if (d?.level === 'full') reasons.push('disk');
      return { ready: reasons.length === 0, reasons, disk: d };
    },
  };
}
