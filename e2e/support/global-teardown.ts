import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive, stopOrphanPostgres } from '../../test/support/child-server';
import { searchRunLogs } from '../../test/support/run-log';
import type { E2eHandles, E2eState } from './global-setup';

/** Stops what global-setup started: the app gracefully (SIGTERM), then any orphan PostgreSQL, the SMTP and OIDC servers. */
export default async function globalTeardown() {
  const handles = (globalThis as typeof globalThis & { __aunaE2E?: E2eHandles }).__aunaE2E;
  const file = process.env.AUNA_E2E_STATE;
  const state: E2eState | undefined = handles?.state ?? (file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as E2eState) : undefined);
  if (!state) return;

  if (isAlive(state.appPid)) {
    process.kill(state.appPid, 'SIGTERM');
    for (let i = 0; i < 150 && isAlive(state.appPid); i++) await sleep(100);
    if (isAlive(state.appPid)) process.kill(state.appPid, 'SIGKILL');
  }
  await stopOrphanPostgres(state.dataDir);
  await handles?.mail.close().catch(() => undefined);
  await handles?.oidc.close().catch(() => undefined);
  // The security review (docs/reliability.md): the server's whole log of the run, searched for secrets (a hit fails the run and
  // keeps the directory).
  if (handles) {
    await new Promise<void>((r) => handles.serverLog.end(() => r()));
    await searchRunLogs(handles.logDir);
  }
  if (!process.env.AUNA_E2E_KEEP) await rm(state.root, { recursive: true, force: true });
}
