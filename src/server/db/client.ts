import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = ReturnType<typeof createDb>['db'];
/** A transaction of `Db`, as `db.transaction(async (tx) => ...)` hands it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How long the server's pool keeps an idle connection (ADR 108). pg-pool's default, 10 s, closed
 * every connection between two bookings at a salon's pace, and with it what PostgreSQL keeps per
 * connection: the prepared statements' plans (each planned again, the first five times custom),
 * the PL/pgSQL functions compiled and their statements' plans, then a new TCP connection and
 * SCRAM authentication. Five minutes stays below the idle limits of common NATs and load
 * balancers (an idle connection they drop is an 'error' the pool answers by removing it).
 */
export const SERVER_POOL_IDLE_MS = 5 * 60_000;

export function createDb(url: string, max = 20, idleTimeoutMillis?: number) {
  // A database host that stops answering (not refusing) fails a request in 10 s, as a 503, rather
  // than holding it for the operating system's TCP timeout (docs/decisions/046).
  const pool = releaseOnFailedBegin(
    keepConnectionsOnQueryErrors(
      new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, ...(idleTimeoutMillis ? { idleTimeoutMillis } : {}) }),
    ),
  );
  // An idle client that loses its server (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one that is checked out: PostgreSQL's "terminating connection due to unexpected postmaster
  // exit" arrives as an 'error' EVENT on a client between two statements of a transaction, and an
  // event without a listener killed the whole server (test/reliability/crash.rel.test.ts). The
  // statement in progress still fails (a 500 for that request) and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { db, pool };
}

/** Applies the SQL migrations that ship in this folder (or beside the bundled server). */
export async function runMigrations(db: Db, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Drizzle wraps driver errors: what PostgreSQL said sits on the error or its causes. */
function driverField(err: unknown, key: 'code' | 'constraint', valid: (v: string) => boolean): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const value = (e as Record<string, unknown>)[key];
    if (typeof value === 'string' && valid(value)) return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE (23P01 = exclusion violation). */
export const pgErrorCode = (err: unknown) => driverField(err, 'code', (v) => /^[0-9A-Z]{5}$/.test(v));

/** The constraint an exclusion or unique violation names. */
export const pgConstraintOf = (err: unknown) => driverField(err, 'constraint', () => true);

/**
 * PostgreSQL answered with an error about the statement (a SQLSTATE), and the connection carries
 * on. Not for connection exceptions (class 08) or an operator shutting the server down (class 57),
 * nor for errors with no SQLSTATE at all (the socket broke).
 */
function connectionIsFine(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code !== undefined && !code.startsWith('08') && !code.startsWith('57');
}

/**
 * pg-pool's `query()` closes the connection after ANY error. Here an error is often an ordinary
 * answer: a booking that loses its race (23P01, a 409), a duplicate e-mail at sign-up (23505).
 * Each cost a new connection (TCP, SCRAM authentication, every statement prepared again), seen
 * under `npm run bench`. The pool's promise-style `query()` (what drizzle calls) keeps the
 * connection unless it broke; the callback style is left as pg-pool has it.
 */
function keepConnectionsOnQueryErrors(pool: pg.Pool): pg.Pool {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // pg-pool's own connect: this path releases its client itself and never sends BEGIN, so it does
  // not go through releaseOnFailedBegin's bookkeeping (every drizzle statement comes this way).
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const query = async (...args: unknown[]) => {
    const client = await connect();
    let broken: Error | undefined;
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    } catch (err) {
      if (!connectionIsFine(err)) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  pool.query = ((...args: unknown[]) => (typeof args.at(-1) === 'function' ? original(...args) : query(...args))) as typeof pool.query;
  return pool;
}

const isBegin = (statement: unknown) => {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/**
 * drizzle 0.45's node-postgres `transaction()` sends BEGIN before the try/finally that releases
 * its pool client (drizzle-orm#6241, open upstream; the same in 1.0's release candidates). A BEGIN
 * that fails, as it does when PostgreSQL is killed or restarting, kept its connection checked out
 * for good: one pool slot lost each time, and `pool.end()` then never returned, so SIGTERM hung
 * (test/reliability/crash.rel.test.ts). A client checked out with `pool.connect()` gives itself
 * back when its BEGIN fails (removed if the connection broke); a release that follows from a
 * caller that did its own clean-up is then a no-op. Each client's `query` is wrapped once, when
 * it connects; a checkout only records how to release it.
 */
function releaseOnFailedBegin(pool: pg.Pool): pg.Pool {
  const releaseOf = new WeakMap<pg.PoolClient, (err?: Error | boolean) => void>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
      return result.catch((err: unknown) => {
        releaseOf.get(client as pg.PoolClient)?.(connectionIsFine(err) ? undefined : err instanceof Error ? err : new Error(String(err)));
        throw err;
      });
    }) as typeof client.query;
  });
  const original = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const connect = async () => {
    const client = (await original()) as pg.PoolClient;
    const release = client.release;
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      releaseOf.delete(client);
      release(err);
    };
    releaseOf.set(client, client.release);
    return client;
  };
  pool.connect = ((...args: unknown[]) => (typeof args[0] === 'function' ? original(...args) : connect())) as typeof pool.connect;
  return pool;
}
