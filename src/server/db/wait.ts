import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger';
import { errnoOf, StartupError } from '../startup-checks';
import { pgErrorCode } from './client';

/** Answers that waiting cannot change: a wrong password, a database that does not exist. */
const FINAL = new Set(['28P01', '28000', '3D000', '42501']);

/** Why PostgreSQL could not be reached, in Spanish, for the one start-up line. */
export function databaseCause(err: unknown, where: string): string {
  const sqlState = pgErrorCode(err);
  if (sqlState === '28P01' || sqlState === '28000') return `usuario o contraseña incorrectos en ${where}`;
  if (sqlState === '3D000') return `la base de datos de ${where} no existe (créala con createdb)`;
  if (sqlState === '42501') return `el usuario de ${where} no tiene permiso`;
  if (sqlState === '57P03') return `PostgreSQL en ${where} todavía está arrancando`;
  if (sqlState === '53300') return `PostgreSQL en ${where} no admite más conexiones (max_connections)`;
  switch (errnoOf(err)) {
    case 'ECONNREFUSED':
      return `conexión rechazada en ${where}: no hay ningún PostgreSQL escuchando ahí`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `no se encuentra el servidor ${where}`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} no contesta`;
    case 'ECONNRESET':
      return `${where} cortó la conexión`;
  }
  const text = err instanceof Error ? err.message : String(err);
  return /timeout/i.test(text) ? `${where} no contesta` : `${text} (${where})`;
}

/** host:port of a connection string, never its password. */
export function databaseWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits until PostgreSQL answers `SELECT 1`, trying every 2 s for at most `seconds` (a database
 * that boots with the machine may come up after us), with a log line each try. Then, or at once
 * for an answer that waiting cannot change, stops the start with the cause in one Spanish line.
 */
export async function waitForDatabase(url: string, opts: { seconds: number; log: Logger; variable: string }): Promise<void> {
  const where = databaseWhere(url);
  const deadline = Date.now() + opts.seconds * 1000;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      if (attempt > 1) opts.log.info({ attempt, database: where }, 'database reachable');
      return;
    } catch (err) {
      const cause = databaseCause(err, where);
      const final = FINAL.has(pgErrorCode(err) ?? '');
      if (final || Date.now() + 2_000 > deadline) {
        throw new StartupError(
          `No se puede usar la base de datos (${opts.variable}): ${cause}. ` +
            (final ? `Corrige ${opts.variable}.` : `Comprueba que PostgreSQL está en marcha y que ${opts.variable} es correcta.`),
        );
      }
      opts.log.warn({ attempt, database: where, cause }, 'waiting for the database');
      await sleep(2_000);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
