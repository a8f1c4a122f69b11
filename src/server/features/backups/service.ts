import { desc, eq, max, ne, and } from 'drizzle-orm';
import { backupWarning } from '../../../domain/backups';
import type { Deps } from '../../http/env';
import { backupRuns, instanceIdentity } from '../../db/schema';

// What the admin sees of the backups (ADR 048): the last run, the last good one, the schedule, and
// the warning the settings and the dashboard show.

export async function backupStatus(deps: Pick<Deps, 'db' | 'now' | 'config'>) {
  const { db, config } = deps;
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [good] = await db
    .select({ at: max(backupRuns.finishedAt) })
    .from(backupRuns)
    .where(ne(backupRuns.status, 'failed'));
  const [installed] = await db
    .select({ at: instanceIdentity.createdAt })
    .from(instanceIdentity)
    .where(and(eq(instanceIdentity.id, 1)));
  const scheduleOn = config.backup.schedule !== 'off';
  return {
    /** 'HH:MM' on the salon's clock, or 'off' */
    time: config.backup.time,
    copyOffMachine: Boolean(config.backup.copyDir),
    keyFromEnvironment: Boolean(config.secretsFromEnv.backupPassphrase),
    last: last
      ? {
          status: last.status,
          trigger: last.trigger,
          startedAt: last.startedAt.toISOString(),
          finishedAt: last.finishedAt.toISOString(),
          fileName: last.fileName,
          sizeBytes: last.sizeBytes,
          error: last.error,
        }
      : null,
    lastGoodAt: good?.at ? good.at.toISOString() : null,
    warning: backupWarning({
      now: deps.now(),
      scheduleOn,
      lastStatus: last?.status ?? null,
      lastGoodAt: good?.at ?? null,
      installedAt: installed?.at ?? null,
    }),
  };
}
