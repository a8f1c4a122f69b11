import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import type { Deps } from '../../src/server/http/env';
import { startServer } from '../../src/server/start';
import { freePort } from './free-port';
import { freshDatabase } from './fresh-database';
import { rememberLinkTokens, runLogDestination, runLogDir } from './run-log';

export type TestServer = {
  /** e.g. http://127.0.0.1:41234 — also the server's PUBLIC_URL, so Origin checks match. */
  url: string;
  /** db, auth, config, mailer… of the running server, for arranging and inspecting. */
  deps: Deps;
  /** URL of this server's own fresh database. */
  dbUrl: string;
  /** DATA_DIR of this server (secrets.json, mail outbox when no SMTP_URL). */
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * The real server (startServer, as `npm start` runs it) on a FRESH database of the run's
 * PostgreSQL (test/global-setup.ts), listening on a free loopback port. `env` is added to / overrides
 * the defaults; `now` is the server's clock. Only usable inside vitest (it reads `inject`).
 */
export async function startTestServer(opts: { now?: () => Date; env?: Record<string, string>; logLines?: string[] } = {}): Promise<TestServer> {
  const database = await freshDatabase('t');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-int-'));
  const port = await freePort();
  // In a run that searches its logs, every server logs everything to a file searched for secrets
  // at the end (support/run-log.ts); elsewhere it is silent.
  const runLog = opts.env?.LOG_LEVEL ? undefined : runLogDestination();
  // `logLines`: a test that reads what the server logged (every level) gets each line there too.
  const lines = opts.logLines;
  const logDestination = lines
    ? { write: (line: string) => void (lines.push(line), runLog?.write(line)) }
    : runLog;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: logDestination ? 'trace' : 'silent',
    // No nightly backup of a test's database when a run crosses the schedule's minute (ADR 048).
    BACKUP_TIME: 'off',
    ...opts.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  };
  let running;
  try {
    running = await startServer(loadConfig(env), { now: opts.now, logDestination });
  } catch (err) {
    await database.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  let closed = false;
  return {
    url: running.url,
    deps: running.deps,
    dbUrl: database.url,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      await running.close();
      await rememberOutboxTokens(dataDir);
      await database.drop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The links in the mails this server wrote to its outbox (no SMTP_URL) hold tokens no log may show. */
async function rememberOutboxTokens(dataDir: string): Promise<void> {
  if (!runLogDir()) return;
  const outbox = path.join(dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  for (const f of files) rememberLinkTokens((await readFile(path.join(outbox, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}
