import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { isAlive, postmasterPid, spawnServer, removeChildServer, waitForHealth, type ChildServer } from './support/child-server';
import { freePort } from './support/free-port';
import { signIn } from './support/http-client';

// WEB_CONCURRENCY=2 (docs/decisions/015-web-concurrency.md): one process starts the database,
// migrates and seeds, then two HTTP workers share the port; a worker that dies is replaced, and
// a signal stops the workers, then the database.

let dataDir = '';
let child: ChildServer | undefined;

afterAll(() => removeChildServer(child, dataDir));

/** The node processes whose parent is `pid` (the HTTP workers), from /proc. */
function nodeChildren(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && comm === 'node') out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}:\n${child?.output() ?? ''}`);
    await sleep(100);
  }
}

it('serves from two workers, seeds once, replaces a worker that dies and stops cleanly', { timeout: 120_000 }, async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-workers-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED: 'demo',
    WEB_CONCURRENCY: '2',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  await waitForHealth(url, child, 60_000);
  const primary = child.proc.pid!;
  const workers = await until('two workers run', () => {
    const w = nodeChildren(primary);
    return w.length === 2 ? w : undefined;
  });

  // The demo salon was made once, not once per worker; a session works whichever worker answers.
  const client = await signIn(url, { email: 'cliente@auna.demo', password: 'auna-demo' }, { headers: { 'x-forwarded-for': '10.77.0.1' } });
  const services = await client.get('/api/catalog/services');
  expect(services.status).toBe(200);
  const names = (services.body.services as Array<{ name: string }>).map((s) => s.name);
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names).size).toBe(names.length);
  await until('the start is announced', () => (/Auna [\d.]+ está en marcha/.test(child!.output()) ? true : undefined));
  expect(child.output().match(/Cuentas de demostración/g)).toHaveLength(1);

  // A worker dies: the other keeps answering, and a new one takes its place.
  process.kill(workers[0]!, 'SIGKILL');
  // A kept-alive connection to the dead worker is reset, and until the primary has seen the death
  // (longer on a loaded machine) it may hand a new connection to it too; like a browser, ask again.
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const me = async (): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(`${url}/api/me`, { headers: { cookie }, signal: AbortSignal.timeout(5_000) });
      } catch (err) {
        if (attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  for (let i = 0; i < 5; i++) expect((await me()).status).toBe(200);
  const replaced = await until('a replacement worker runs', () => {
    const w = nodeChildren(primary);
    return w.length === 2 && !w.includes(workers[0]!) ? w : undefined;
  });
  expect(replaced).toContain(workers[1]);
  expect(child.output()).toContain('se arranca otro');

  // SIGTERM: the workers drain and stop, then the database; the whole server exits 0.
  const pg = postmasterPid(dataDir);
  expect(pg && isAlive(pg)).toBe(true);
  child.proc.kill('SIGTERM');
  const { code } = await child.exited;
  expect(code).toBe(0);
  for (const w of replaced) expect(isAlive(w)).toBe(false);
  expect(isAlive(pg!)).toBe(false);
});
