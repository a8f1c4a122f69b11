import { type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/support/free-port';
import { spawnProductionServer, stopProcess } from '../support/production-server';

// What `npm run bench` and `npm run bench:cost` share: a temp DATA_DIR with its secrets, free
// loopback ports for the app and its embedded PostgreSQL, the production server started there with
// its output to server.log, and the clean-up (the temp dir kept with BENCH_KEEP=1).

export type BenchServer = {
  root: string;
  url: string;
  dbUrl: string;
  /** starts the production server (again, after a stop) with the given node flags */
  spawn: (nodeArgs?: string[]) => ChildProcess;
  /** stops the server, closes its log and removes the temp dir */
  cleanup: (app: ChildProcess, log: (msg: string) => void) => Promise<void>;
};

export async function prepareBenchServer(prefix: string, env: Record<string, string>): Promise<BenchServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(root, 0o755); // PostgreSQL runs as `postgres` when we are root
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir, { recursive: true });
  const dbPassword = `bench${Math.random().toString(36).slice(2)}`;
  await writeFile(
    path.join(dataDir, 'secrets.json'),
    JSON.stringify({ authSecret: `bench-secret-${Date.now()}-0123456789abcdef`, dbPassword }),
    { mode: 0o600 },
  );
  const port = await freePort();
  const pgPort = await freePort();
  const out: WriteStream = createWriteStream(path.join(root, 'server.log'));
  return {
    root,
    url: `http://127.0.0.1:${port}`,
    dbUrl: `postgres://postgres:${dbPassword}@127.0.0.1:${pgPort}/auna`,
    spawn: (nodeArgs = []) => {
      const p = spawnProductionServer({ port, dataDir, pgPort, nodeArgs, env, stdio: ['ignore', 'pipe', 'pipe'] });
      p.stdout!.pipe(out, { end: false });
      p.stderr!.pipe(out, { end: false });
      return p;
    },
    cleanup: async (app, log) => {
      await stopProcess(app);
      out.end();
      if (process.env.BENCH_KEEP) log(`kept ${root}`);
      else await rm(root, { recursive: true, force: true });
    },
  };
}
