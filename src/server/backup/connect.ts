import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import type { Logger } from '../logger';
import { embeddedDatabaseExists, type Secrets } from '../secrets';

// The database the backup command reads: DATABASE_URL's, or the embedded one in DATA_DIR, the
// running server's (no downtime) or, with the salon closed, started for the backup and stopped after.

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The port of the embedded PostgreSQL running on this data dir (postmaster.pid's 4th line), if it runs. */
export async function runningEmbeddedPort(dataDir: string): Promise<number | undefined> {
  const lines = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) && Number.isInteger(port) && port > 0 ? port : undefined;
}

export const embeddedUrl = (port: number, password: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/auna`;

export async function databaseToBackUp(
  config: Config,
  secrets: Secrets,
  log: Logger,
): Promise<{ dbUrl: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { dbUrl: config.databaseUrl, stop: async () => undefined };
  if (!embeddedDatabaseExists(config.dataDir)) {
    throw new Error(`No hay ninguna base de datos de Auna en ${config.dataDir}: no hay nada que copiar (¿es el DATA_DIR correcto?).`);
  }
  const port = await runningEmbeddedPort(config.dataDir);
  if (port) return { dbUrl: embeddedUrl(port, secrets.dbPassword), stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, password: secrets.dbPassword, log });
  return { dbUrl: embedded.url, stop: () => embedded.stop() };
}
