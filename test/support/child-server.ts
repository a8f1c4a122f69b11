import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runLogStream } from './run-log';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ChildServer = {
  proc: ChildProcess;
  /** stdout + stderr so far */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * The real server as its own process, from the TypeScript sources (`node --import tsx
 * src/server/main.ts`: no npx in between, so a signal reaches the server itself).
 */
export function spawnServer(env: Record<string, string>, opts: { entry?: string; uid?: number; gid?: number } = {}): ChildServer {
  const entry = opts.entry ?? 'src/server/main.ts';
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const proc = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // As another user (a start-up test of a folder that user cannot write); root only.
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid ?? opts.uid } : {}),
  });
  let out = '';
  // In a run that searches its logs, its output is kept for that search too (support/run-log.ts).
  const file = runLogStream();
  const take = (d: Buffer) => {
    out += d.toString();
    file?.write(d);
  };
  proc.stdout!.on('data', take);
  proc.stderr!.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => {
      file?.end();
      resolve({ code, signal });
    }),
  );
  return { proc, output: () => out, exited };
}

/** Polls GET /api/health until it answers 200; fails early if the process exits. */
export async function waitForHealth(url: string, child?: ChildServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child?.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was healthy:\n${child?.output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`server not healthy at ${url} within ${timeoutMs} ms:\n${child?.output() ?? ''}`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The PID in an embedded PostgreSQL's postmaster.pid (DATA_DIR/pg/postmaster.pid), if any. */
export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Stops an orphaned embedded PostgreSQL (fast shutdown, then SIGKILL). Only that PID. */
export async function stopOrphanPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !isAlive(pid)) return;
  let cmd = '';
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!cmd.includes('postgres')) return; // the PID was reused by something else
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/**
 * After a test that ran the real server on its own data dir: kill the server if it still runs,
 * stop the PostgreSQL it may have left behind, and remove the data dir.
 */
export async function removeChildServer(child: ChildServer | undefined, dataDir: string): Promise<void> {
  if (child && child.proc.exitCode === null && child.proc.signalCode === null) {
    child.proc.kill('SIGKILL');
    await child.exited;
  }
  if (dataDir) {
    await stopOrphanPostgres(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  }
}
