import path from 'node:path';
import { z } from 'zod';
import type { BackupSchedule } from '../../domain/backups';

// The backups' and the secrets' environment variables (ADR 048), parsed with the rest in
// config.ts: a bad value stops the start naming the variable.

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const secret = (min: number) => optional.pipe(z.string().min(min, `al menos ${min} caracteres`).optional());

export const BACKUP_ENV = {
  /** Where `npm run backup` and the nightly backup write (default DATA_DIR/backups) */
  BACKUP_DIR: optional,
  /** A folder on another disk or a NAS mount: each backup is copied there too */
  BACKUP_COPY_DIR: optional,
  /** The nightly backup's time on the salon's clock (HH:MM), or `off` */
  BACKUP_TIME: optional.pipe(
    z
      .string()
      .regex(/^(off|([01][0-9]|2[0-3]):[0-5][0-9])$/, 'HH:MM (por ejemplo 03:30) u off')
      .optional(),
  ),
  /** The backups' key; without it one is generated once, kept in secrets.json and shown once */
  BACKUP_PASSPHRASE: secret(12),
  /** The secrets kept in DATA_DIR/secrets.json, from the host's own store instead */
  AUTH_SECRET: secret(32),
  EMBEDDED_PG_PASSWORD: secret(16),
};

type BackupEnv = { [K in keyof typeof BACKUP_ENV]?: z.output<(typeof BACKUP_ENV)[K]> };

export type SecretsFromEnv = { authSecret?: string; dbPassword?: string; backupPassphrase?: string };

export function backupConfig(e: BackupEnv, dataDir: string) {
  const time = e.BACKUP_TIME ?? '03:30';
  const schedule: BackupSchedule = time === 'off' ? 'off' : { minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) };
  return {
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      copyDir: e.BACKUP_COPY_DIR ? path.resolve(e.BACKUP_COPY_DIR) : undefined,
      /** 'HH:MM' as given, or 'off' (shown to the admin) */
      time,
      schedule,
    },
    secretsFromEnv: {
      authSecret: e.AUTH_SECRET,
      dbPassword: e.EMBEDDED_PG_PASSWORD,
      backupPassphrase: e.BACKUP_PASSPHRASE,
    } satisfies SecretsFromEnv,
  };
}
