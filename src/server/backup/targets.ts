import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import type { Logger } from '../logger';
import { generatePassphrase, writeSecretsFile } from '../secrets';
import type { BackupHeader } from './archive';
import { BACKUP_SCHEMAS } from './dump';
import { runningEmbeddedPort } from './connect';

// Where a restore goes (ADR 048): an empty DATA_DIR (the embedded default) or an empty database at
// DATABASE_URL. Anything already there is refused unless `--force`; then the embedded data is moved
// aside, never deleted, and an external database's schemas are dropped (its own backups remain).

/** A refusal of the restore, said in Spanish to the person restoring. */
export class RestoreRefused extends Error {}

export type PreparedTarget = {
  dbUrl: string;
  /** Where the data that was there went (embedded, with --force) */
  movedAside?: string;
  /** Stops what the restore started; `ok: false` also undoes what it made */
  finish: (ok: boolean) => Promise<void>;
};

const secretsFile = (dataDir: string) => path.join(dataDir, 'secrets.json');

/** secrets.json for the restored database: the backup's, with the passphrase that opened it. */
function restoredSecrets(header: BackupHeader, config: Config, passphrase: string) {
  return {
    authSecret: header.secrets.authSecret,
    dbPassword: config.secretsFromEnv.dbPassword ?? header.secrets.dbPassword ?? generatePassphrase(),
    backupPassphrase: header.secrets.backupPassphrase ?? passphrase,
  };
}

async function prepareEmbedded(
  config: Config,
  header: BackupHeader,
  passphrase: string,
  force: boolean,
  log: Logger,
): Promise<PreparedTarget> {
  const { dataDir } = config;
  const pgDir = path.join(dataDir, 'pg');
  const port = await runningEmbeddedPort(dataDir);
  if (port)
    throw new RestoreRefused(`Auna (o su PostgreSQL, en el puerto ${port}) está en marcha con ${dataDir}: detenla antes de restaurar.`);
  const present = [pgDir, secretsFile(dataDir)].filter((p) => existsSync(p));
  let movedAside: string | undefined;
  if (present.length > 0) {
    if (!force) {
      throw new RestoreRefused(
        `${dataDir} no está vacía: ya tiene ${present.map((p) => path.basename(p)).join(' y ')} (una base de datos de Auna y sus secretos). ` +
          'Restaurar encima la sustituiría. Restaura en un DATA_DIR vacío, o añade --force para apartar lo que hay (se mueve a una carpeta before-restore-…, no se borra).',
      );
    }
    movedAside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    await mkdir(movedAside, { recursive: true, mode: 0o700 });
    for (const p of present) await rename(p, path.join(movedAside, path.basename(p)));
  }
  const secrets = restoredSecrets(header, config, passphrase);
  await writeSecretsFile(dataDir, secrets);
  const undo = async () => {
    await rm(pgDir, { recursive: true, force: true });
    await rm(secretsFile(dataDir), { force: true });
    if (movedAside) for (const p of present) await rename(path.join(movedAside, path.basename(p)), p);
  };
  try {
    const embedded = await startEmbeddedPostgres({ dataDir, port: config.embeddedPgPort, password: secrets.dbPassword, log });
    return {
      dbUrl: embedded.url,
      movedAside,
      async finish(ok) {
        await embedded.stop();
        if (!ok) await undo();
      },
    };
  } catch (err) {
    await undo();
    throw err;
  }
}

async function refuseLiveConnections(client: pg.Client): Promise<void> {
  const others = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const n = others.rows[0]!.n;
  if (n > 0)
    throw new RestoreRefused(`Hay ${n} conexiones abiertas a esa base de datos: detén Auna (todas sus instancias) antes de restaurar.`);
}

async function prepareExternal(config: Config, header: BackupHeader, passphrase: string, force: boolean): Promise<PreparedTarget> {
  const dbUrl = config.databaseUrl!;
  const file = secretsFile(config.dataDir);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const objects = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
      [BACKUP_SCHEMAS],
    );
    const count = objects.rows[0]!.n;
    if (count === 0 && existsSync(file) && !force) {
      throw new RestoreRefused(`${file} ya existe (los secretos de una instalación). Restaurar los sustituiría: muévelo, o añade --force.`);
    }
    if (count > 0) {
      if (!force) {
        throw new RestoreRefused(
          `La base de datos de DATABASE_URL no está vacía (tiene ${count} tablas, vistas o secuencias). Restaurar encima la sustituiría. ` +
            'Restaura en una base de datos vacía, o añade --force para borrar lo que hay (haz antes una copia, o confía en las del proveedor).',
        );
      }
      await refuseLiveConnections(client);
      await client.query('BEGIN');
      for (const schema of BACKUP_SCHEMAS) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query('CREATE SCHEMA public');
      await client.query('COMMIT');
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  if (existsSync(file)) await rename(file, `${file}.before-restore-${Date.now()}`);
  await writeSecretsFile(config.dataDir, restoredSecrets(header, config, passphrase));
  return { dbUrl, finish: async () => undefined };
}

export function prepareTarget(opts: {
  config: Config;
  header: BackupHeader;
  passphrase: string;
  force: boolean;
  log: Logger;
}): Promise<PreparedTarget> {
  return opts.config.databaseUrl
    ? prepareExternal(opts.config, opts.header, opts.passphrase, opts.force)
    : prepareEmbedded(opts.config, opts.header, opts.passphrase, opts.force, opts.log);
}
