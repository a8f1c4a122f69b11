import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { nightlyBackupDue } from '../../domain/backups';
import { SALON_TIME_ZONE } from '../../domain/calendar-date';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

// The nightly backup (ADR 048). graphile-worker's cron (UTC) ticks every hour at the schedule's
// minute; the tick runs the backup when the salon's clock is past BACKUP_TIME and today has no
// good nightly backup yet (src/domain/backups.ts). graphile-worker schedules each tick once for
// all the processes and instances that share the database, and the backup's advisory lock keeps
// two from overlapping. The backup itself is `npm run backup -- --nightly` in a child process:
// the same code as the command, and age's key derivation (seconds of CPU, 256 MB) away from the
// web server's event loop.

export const NIGHTLY_BACKUP_TASK = 'auna_nightly_backup';
/** A backup still running after this is stopped and recorded as failed. */
const CHILD_TIMEOUT_MS = 2 * 60 * 60 * 1000;

export type ScheduledTask = { identifier: string; crontab: string; run: () => Promise<void> };

/** The backup command beside this code: the bundle's dist/server/backup.js, or the sources through tsx. */
function backupCommand(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'backup.js');
  if (existsSync(bundled)) return [bundled];
  return ['--import', 'tsx', path.join(here, '../backup-cli.ts')];
}

/** The child's settings are this server's, whether they came from process.env or a test's. */
function childEnv(config: Config, dbUrl: string): NodeJS.ProcessEnv {
  const s = config.secretsFromEnv;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: config.dataDir,
    DATABASE_URL: dbUrl,
    BACKUP_DIR: config.backup.dir,
    BACKUP_COPY_DIR: config.backup.copyDir ?? '',
    BACKUP_TIME: config.backup.time,
    LOG_LEVEL: config.logLevel,
  };
  if (s.authSecret) env.AUTH_SECRET = s.authSecret;
  if (s.dbPassword) env.EMBEDDED_PG_PASSWORD = s.dbPassword;
  if (s.backupPassphrase) env.BACKUP_PASSPHRASE = s.backupPassphrase;
  return env;
}

function runChild(config: Config, dbUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...backupCommand(), '--nightly'], {
      env: childEnv(config, dbUrl),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (d: Buffer) => void (output = (output + d.toString()).slice(-4000));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.on('error', (err) => take(Buffer.from(String(err))));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export function nightlyBackupTask(opts: {
  config: Config;
  dbUrl: string;
  db: Db;
  log: Logger;
  now: () => Date;
}): ScheduledTask | undefined {
  const { schedule } = opts.config.backup;
  if (schedule === 'off') return undefined;
  const { db, log } = opts;
  return {
    identifier: NIGHTLY_BACKUP_TASK,
    // Every hour at the schedule's minute (Madrid's offsets are whole hours), once: a failure is
    // recorded and made up for at the next tick, not retried by the queue.
    crontab: `${schedule.minutes % 60} * * * * ${NIGHTLY_BACKUP_TASK} ?max=1`,
    async run() {
      const last = await db.execute<{ at: Date | string | null }>(
        sql`SELECT max(started_at) AS at FROM backup_runs WHERE trigger = 'nightly' AND status <> 'failed'`,
      );
      const at = last.rows[0]?.at;
      const now = opts.now();
      if (!nightlyBackupDue({ now, tz: SALON_TIME_ZONE, schedule, lastGoodNightlyAt: at ? new Date(at) : null })) return;
      log.info('nightly backup starting');
      const { code, output } = await runChild(opts.config, opts.dbUrl);
      const file = output.trim().split('\n').at(-1);
      if (code === 0) {
        log.info({ file: file ? path.basename(file) : undefined }, 'nightly backup done');
        return;
      }
      log.error({ code, output: output.slice(-1000) }, 'nightly backup failed');
      // The command records its own outcome once it reaches the database; a failure before that is recorded here.
      const recorded = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM backup_runs WHERE started_at >= ${now.toISOString()}::timestamptz`,
      );
      if ((recorded.rows[0]?.n ?? 0) === 0) {
        await db.execute(
          sql`INSERT INTO backup_runs (trigger, status, started_at, error) VALUES ('nightly', 'failed', ${now.toISOString()}::timestamptz, ${output.trim().split('\n').slice(-3).join(' ').slice(0, 500)})`,
        );
      }
    },
  };
}
