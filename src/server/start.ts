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
import { createDb, runMigrations } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import type { Deps } from './http/env';
import type { DestinationStream } from 'pino';
import { createLogger, safeError, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { migrateQueue, startMessageQueue } from './notifications/worker';
import { createRealtime } from './live-events/realtime';
import { loadOrCreateSecrets } from './secrets';
import { seedDemo, type DemoLogin } from './seed/demo';

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

export type Running = {
  url: string;
  /** the PostgreSQL this instance uses (the embedded one's, or DATABASE_URL) */
  dbUrl: string;
  deps: Deps;
  demoLogins: DemoLogin[];
  close: () => Promise<void>;
};

/**
 * Everything `npm start` does, callable from tests: database, migrations, accounts, HTTP.
 * `setup: false` is for a worker of several (main.ts, ADR 015): the first process has already
 * migrated, made the admin account and seeded; a worker only serves.
 */
export async function startServer(
  config: Config,
  opts: { listen?: boolean; now?: () => Date; setup?: boolean; logDestination?: DestinationStream } = {},
): Promise<Running> {
  const setup = opts.setup !== false;
  const log = createLogger(config.logLevel, opts.logDestination);
  const secrets = await loadOrCreateSecrets(config.dataDir);

  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, password: secrets.dbPassword, log });
  const dbUrl = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDb(dbUrl);
  if (setup) {
    const migrations = firstExisting(path.join(here, 'db/migrations'), path.join(here, 'migrations'));
    if (!migrations) throw new Error('No se encuentran las migraciones');
    await runMigrations(db, migrations);
    // graphile-worker's own tables and functions (add_job), before any request can enqueue.
    await migrateQueue(pool, log);
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const auth = createAuth({ db, config, secret: secrets.authSecret, mailer, log });
  const realtime = createRealtime(dbUrl, log);
  const messageSecret = createHmac('sha256', secrets.authSecret).update('auna:messages').digest('base64url');
  const deps: Deps = { config, db, auth, log, mailer, realtime, rateLimit: createRateLimitStore(db), now: opts.now ?? (() => new Date()), messageSecret };

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
  });

  const webRoot = firstExisting(path.join(here, '../web'), path.join(here, '../../dist/web'));
  const app = createApp(deps, { webRoot });

  let server: ReturnType<typeof serve> | undefined;
  let url = config.publicUrl;
  if (opts.listen !== false) {
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    });
    const addr = server.address() as AddressInfo;
    url = `http://${config.host}:${addr.port}`;
  }

  return {
    url,
    dbUrl,
    deps,
    demoLogins,
    async close() {
      // Each step is bounded and named in the log: one that hangs (a pool client never given back
      // after a PostgreSQL restart, a job that does not finish) must not keep SIGTERM from ending
      // the process and stopping PostgreSQL (test/reliability/crash.rel.test.ts).
      await shutdownStep(log, 'http', () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
      await shutdownStep(log, 'realtime', () => realtime.close());
      await shutdownStep(log, 'message queue', () => queue.stop());
      await shutdownStep(log, 'database pool', () => pool.end());
      if (embedded) await shutdownStep(log, 'postgresql', () => embedded.stop(), 60_000);
    },
  };
}
