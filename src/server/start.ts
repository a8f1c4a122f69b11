import { serve } from '@hono/node-server';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAdmin } from './accounts/ensure-admin';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { createRateLimitStore } from './auth/rate-limit-store';
import type { Config } from './config';
import { createDb, runMigrations, SERVER_POOL_IDLE_MS } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import type { Deps } from './http/env';
import type { DestinationStream } from 'pino';
import { createLogger, safeError, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { migrateQueue, startMessageQueue } from './notifications/worker';
import { waitingListBooking } from './features/booking/offer-booking';
import { timeFreedJob } from './features/waiting-list/time-freed-job';
import { waitingListCtx } from './features/waiting-list/service';
import { createRealtime } from './live-events/realtime';
import { checkInstanceSecret } from './secret-check';
import { loadSecrets } from './secrets';
import { nightlyBackupTask } from './backup/nightly';
import { seedDemo, type DemoLogin } from './seed/demo';
import { lockDataDir } from './db/data-dir-lock';
import { waitForDatabase } from './db/wait';
import { watchDisk } from './health/disk-space';
import { createHealth } from './health/health';
import { recordRelease, refuseNewerSchema, shippedSchema } from './health/schema-version';
import { APP_VERSION } from './health/version';
import { checkDataDirWritable, checkPortFree, listenProblem } from './startup-checks';

const here = path.dirname(fileURLToPath(import.meta.url));

// Works from src/server (tsx, tests) and from dist/server (the bundle, with its copies beside it).
function firstExisting(...candidates: string[]): string | undefined {
  return candidates.find((p) => existsSync(p));
}

/** Runs one step of the shutdown; past `ms` it is logged and left behind so the rest still runs. */
async function shutdownStep(log: Logger, step: string, fn: () => Promise<unknown>, ms = 5_000) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([fn().then(() => 'done' as const, (err: unknown) => ({ err })), late]);
  clearTimeout(timer);
  if (outcome === 'late') log.error({ step, ms }, 'shutdown step did not finish in time: going on without it');
  else if (outcome !== 'done') log.warn({ step, err: safeError(outcome.err) }, 'shutdown step failed');
  else log.debug({ step, elapsedMs: Date.now() - started }, 'shutdown step done');
}

/**
 * Stops listening and ends every connection as soon as it has no request in flight. Node's close()
 * ends the connections idle at that moment only; one whose live stream has just ended (or a
 * keep-alive connection between two requests) became idle a moment later and was kept until its
 * keep-alive timeout (about 4 s of the stop, seen in test/operations.int.test.ts).
 */
function closeHttp(server: ReturnType<typeof serve>): Promise<void> {
  const http = server as unknown as { closeIdleConnections?: () => void };
  return new Promise<void>((resolve) => {
    const idle = setInterval(() => http.closeIdleConnections?.(), 25);
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
  });
}

export type Running = {
  url: string;
  /** the PostgreSQL this instance uses (the embedded one's, or DATABASE_URL) */
  dbUrl: string;
  deps: Deps;
  demoLogins: DemoLogin[];
  /** The backups' key when this start made it: shown once (main.ts), for the owner to keep */
  newBackupPassphrase?: string;
  close: () => Promise<void>;
};

/**
 * Everything `npm start` does, callable from tests: database, migrations, accounts, HTTP.
 * `setup: false` is for a worker of several (main.ts, ADR 015): the first process has already
 * migrated, made the admin account and seeded; a worker only serves.
 * A start that fails stops whatever it had started (the embedded PostgreSQL above all) before it
 * throws; a StartupError's message is the one line main.ts prints (docs/operations.md).
 */
export async function startServer(
  config: Config,
  opts: { listen?: boolean; now?: () => Date; setup?: boolean; logDestination?: DestinationStream } = {},
): Promise<Running> {
  const setup = opts.setup !== false;
  const log = createLogger(config.logLevel, opts.logDestination);
  /** What to stop, in this order, on close or on a failed start. */
  const steps: { name: string; stop: () => Promise<unknown>; ms?: number }[] = [];
  const stopAll = async () => {
    for (const step of steps.splice(0).reverse()) await shutdownStep(log, step.name, step.stop, step.ms);
  };
  try {
    return await start(config, opts, setup, log, steps, stopAll);
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function start(
  config: Config,
  opts: { listen?: boolean; now?: () => Date },
  setup: boolean,
  log: Logger,
  steps: { name: string; stop: () => Promise<unknown>; ms?: number }[],
  stopAll: () => Promise<void>,
): Promise<Running> {
  await checkDataDirWritable(config.dataDir);
  // One server per data folder (ADR 045): before anything in it is read or written.
  if (!config.databaseUrl) {
    const lock = await lockDataDir(config.dataDir);
    steps.push({ name: 'data folder lock', stop: () => lock.release() });
  }
  // Asked before the database starts: a port in use no longer leaves a PostgreSQL running.
  if (setup && opts.listen !== false) await checkPortFree({ host: config.host, port: config.port, variable: 'PORT', what: 'de la web' });
  const loadedSecrets = await loadSecrets({ dataDir: config.dataDir, fromEnv: config.secretsFromEnv, embedded: !config.databaseUrl });
  const { secrets } = loadedSecrets;

  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, password: secrets.dbPassword, log });
  if (embedded) steps.push({ name: 'postgresql', stop: () => embedded.stop(), ms: 60_000 });
  const dbUrl = config.databaseUrl ?? embedded!.url;
  // A database that boots with the machine may come up after us: wait for it, bounded (ADR 046).
  if (config.databaseUrl) await waitForDatabase(dbUrl, { seconds: config.databaseWaitSeconds, log, variable: 'DATABASE_URL' });
  const { db, pool } = createDb(dbUrl, 20, SERVER_POOL_IDLE_MS);
  steps.push({ name: 'database pool', stop: () => pool.end() });
  const migrations = firstExisting(path.join(here, 'db/migrations'), path.join(here, 'migrations'));
  if (!migrations) throw new Error('No se encuentran las migraciones');
  const schema = shippedSchema(migrations);
  if (setup) {
    // An older release never writes to a newer schema (ADR 047).
    await refuseNewerSchema(pool, schema, APP_VERSION);
    await runMigrations(db, migrations);
    // graphile-worker's own tables and functions (add_job), before any request can enqueue.
    await migrateQueue(pool, log);
    // Refuses a secret that is not this database's (ADR 048) before anything uses it.
    await checkInstanceSecret(db, loadedSecrets, config.dataDir);
    await recordRelease(pool, APP_VERSION);
    const stopDiskWatch = watchDisk(config.dataDir, config.disk, log);
    steps.push({ name: 'disk watch', stop: async () => stopDiskWatch() });
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const auth = createAuth({ db, config, secret: secrets.authSecret, mailer, log });
  const realtime = createRealtime(dbUrl, log);
  steps.push({ name: 'realtime', stop: () => realtime.close() });
  const messageSecret = createHmac('sha256', secrets.authSecret).update('auna:messages').digest('base64url');
  const health = createHealth({ pool, dataDir: config.dataDir, disk: config.disk, schema });
  const deps: Deps = {
    config,
    db,
    auth,
    log,
    mailer,
    realtime,
    rateLimit: createRateLimitStore(db),
    now: opts.now ?? (() => new Date()),
    messageSecret,
    health,
  };

  // The demo first: it seeds only a database with no users at all (ADR 027), and ADMIN_EMAIL's
  // account would be one.
  const demoLogins = setup && config.seed === 'demo' ? await seedDemo(deps) : [];
  if (setup && config.admin) await ensureAdmin({ db, auth }, config.admin);
  // The message queue's workers (ADR 021), in every process.
  const queue = await startMessageQueue({
    pool,
    db,
    log,
    deliver: { db, mailer, log, now: deps.now, publicUrl: config.publicUrl, mailFrom: config.mailFrom, messageSecret, whatsapp: config.whatsapp, sms: config.sms },
    // A freed time (ADR 071): the waiting list's job, with booking's rules through its port.
    timeFreed: timeFreedJob(waitingListCtx(deps), waitingListBooking(deps)),
    scheduled: [nightlyBackupTask({ config, dbUrl, db, log, now: deps.now })].filter((t) => t !== undefined),
  });
  steps.push({ name: 'message queue', stop: () => queue.stop() });

  const webRoot = firstExisting(path.join(here, '../web'), path.join(here, '../../dist/web'));
  const app = createApp(deps, { webRoot });

  let url = config.publicUrl;
  if (opts.listen !== false) {
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      s.once('error', (err) => reject(listenProblem(err, { host: config.host, port: config.port, variable: 'PORT', what: 'de la web' })));
    });
    // Live streams end first: the HTTP close would otherwise wait for them (ADR 046).
    steps.push({ name: 'http', stop: () => closeHttp(server) });
    steps.push({ name: 'live streams', stop: async () => realtime.stopStreams() });
    const addr = server.address() as AddressInfo;
    url = `http://${config.host}:${addr.port}`;
  }
  log.info({ version: APP_VERSION, url }, 'Auna started');

  return {
    url,
    dbUrl,
    deps,
    demoLogins,
    newBackupPassphrase: loadedSecrets.newBackupPassphrase,
    // Each step is bounded and named in the log: one that hangs (a pool client never given back
    // after a PostgreSQL restart, a job that does not finish) must not keep SIGTERM from ending
    // the process and stopping PostgreSQL (test/reliability/crash.rel.test.ts).
    close: stopAll,
  };
}
