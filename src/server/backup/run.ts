import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { backupFileName, nightlyBackupsToDelete, type BackupTrigger } from '../../domain/backups';
import { SALON_TIME_ZONE } from '../../domain/calendar-date';
import type { Config } from '../config';
import type { Secrets } from '../secrets';
import { appVersion } from './app-version';
import { dumpDatabase, type DumpResult } from './dump';

// One backup run (ADR 048), the same for `npm run backup` and the nightly one: one at a time per
// database, the file into BACKUP_DIR, a copy into BACKUP_COPY_DIR, the old nightly files pruned,
// and the run recorded for the admin's screens.

/** One backup at a time per database, whichever process or machine asks (a session advisory lock). */
const BACKUP_LOCK = 4_402_044;

export class BackupBusyError extends Error {
  constructor() {
    super('Ya se está haciendo otra copia de seguridad de esta base de datos: espera a que termine.');
  }
}

export type BackupRun = DumpResult & { file: string; copy?: string; copyError?: string; deleted: string[] };

async function copyOff(file: string, copyDir: string): Promise<string> {
  await mkdir(copyDir, { recursive: true, mode: 0o700 });
  const target = path.join(copyDir, path.basename(file));
  // Under another name until whole, as in BACKUP_DIR: a NAS that drops mid-copy leaves no named half.
  await copyFile(file, `${target}.partial`);
  await rename(`${target}.partial`, target);
  return target;
}

async function prune(dir: string): Promise<string[]> {
  const doomed = nightlyBackupsToDelete(await readdir(dir));
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed;
}

async function record(
  client: pg.Client,
  row: { trigger: BackupTrigger; status: string; startedAt: Date; fileName?: string; bytes?: number; error?: string },
) {
  // An older database (not migrated yet) has no backup_runs: the file is still good.
  await client
    .query(`INSERT INTO backup_runs (trigger, status, started_at, file_name, size_bytes, error) VALUES ($1, $2, $3, $4, $5, $6)`, [
      row.trigger,
      row.status,
      row.startedAt,
      row.fileName ?? null,
      row.bytes ?? null,
      row.error?.slice(0, 500) ?? null,
    ])
    .catch(() => undefined);
}

export async function runBackup(opts: {
  config: Pick<Config, 'backup'>;
  dbUrl: string;
  secrets: Secrets;
  trigger: BackupTrigger;
  now?: Date;
}): Promise<BackupRun> {
  const { backup } = opts.config;
  const startedAt = opts.now ?? new Date();
  const client = new pg.Client({ connectionString: opts.dbUrl, application_name: 'auna-backup' });
  await client.connect();
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK]);
    if (!locked.rows[0]?.ok) throw new BackupBusyError();
    const name = backupFileName(startedAt, SALON_TIME_ZONE, opts.trigger);
    const file = path.join(backup.dir, name);
    let dumped: DumpResult;
    try {
      await mkdir(backup.dir, { recursive: true, mode: 0o700 });
      dumped = await dumpDatabase(client, {
        file,
        passphrase: opts.secrets.backupPassphrase,
        appVersion: appVersion(),
        secrets: opts.secrets,
      });
    } catch (err) {
      await record(client, { trigger: opts.trigger, status: 'failed', startedAt, error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
    let copy: string | undefined;
    let copyError: string | undefined;
    if (backup.copyDir) {
      try {
        copy = await copyOff(file, backup.copyDir);
      } catch (err) {
        copyError = `No se pudo copiar a ${backup.copyDir}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    const deleted: string[] = [];
    if (opts.trigger === 'nightly') {
      deleted.push(...(await prune(backup.dir)));
      if (backup.copyDir && copy) deleted.push(...(await prune(backup.copyDir)));
    }
    await record(client, {
      trigger: opts.trigger,
      status: copyError ? 'copy_failed' : 'ok',
      startedAt,
      fileName: name,
      bytes: dumped.bytes,
      error: copyError,
    });
    return { ...dumped, file, copy, copyError, deleted };
  } finally {
    await client.end().catch(() => undefined);
  }
}
