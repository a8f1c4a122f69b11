import type pg from 'pg';
import { pgErrorCode } from '../db/client';
import { errnoOf } from '../startup-checks';

const DOWN_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const DOWN_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * The database could not be reached or went away (PostgreSQL stopped, restarting, out of
 * connections): a 503 "volvemos enseguida" rather than a 500. SQLSTATE class 08 (connection),
 * 57P01-57P03 (shut down, crashed, starting), 53300 (too many connections), or a socket error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code) return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
  if (DOWN_ERRNO.has(errnoOf(err) ?? '')) return true;
  for (let e = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (e instanceof Error && DOWN_TEXT.test(e.message)) return true;
  }
  return false;
}

export type DatabaseProbe = {
  /** Whether the database answers `SELECT 1` within 2 s; one real check a second at most, shared. */
  check: () => Promise<boolean>;
  /** A request met the database down: the next check asks again rather than trust an old "yes". */
  markDown: () => void;
};

export function createDatabaseProbe(pool: pg.Pool, opts: { cacheMs?: number; timeoutMs?: number } = {}): DatabaseProbe {
  const cacheMs = opts.cacheMs ?? 1_000;
  const timeoutMs = opts.timeoutMs ?? 2_000;
  let last: { at: number; up: boolean } | undefined;
  let inFlight: Promise<boolean> | undefined;
  const ask = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const answer = pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const up = await Promise.race([answer, late]);
    clearTimeout(timer);
    last = { at: Date.now(), up };
    return up;
  };
  return {
    check() {
      if (last && Date.now() - last.at < cacheMs) return Promise.resolve(last.up);
      inFlight ??= ask().finally(() => (inFlight = undefined));
      return inFlight;
    },
    markDown() {
      last = { at: Date.now(), up: false };
    },
  };
}
