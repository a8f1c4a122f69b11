import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

// The production build (`node dist/server/main.js`) as the measuring scripts run it: on loopback,
// its own DATA_DIR and embedded PostgreSQL port, NODE_ENV=production.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function spawnProductionServer(opts: {
  port: number;
  dataDir: string;
  pgPort: number;
  /** added to (and overriding) the defaults */
  env?: Record<string, string>;
  /** node flags before the entry, e.g. --cpu-prof */
  nodeArgs?: string[];
  stdio: StdioOptions;
}): ChildProcess {
  return spawn(process.execPath, [...(opts.nodeArgs ?? []), 'dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      DATA_DIR: opts.dataDir,
      EMBEDDED_PG_PORT: String(opts.pgPort),
      ...opts.env,
    },
    stdio: opts.stdio,
  });
}

/** Polls `url` until it answers 2xx; fails early if `proc` exits. */
export async function waitForUrl(url: string, proc: ChildProcess, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${what} exited while starting`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${what} did not answer ${url} in ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(proc: ChildProcess, graceMs = 15_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  for (let i = 0; i < graceMs / 100 && proc.exitCode === null && proc.signalCode === null; i++) await sleep(100);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
}
