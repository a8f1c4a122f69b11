import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { APP_VERSION } from '../src/server/health/version';
import { REPO_ROOT, removeChildServer, spawnServer, waitForHealth, type ChildServer } from './support/child-server';
import { freePort } from './support/free-port';
import { freshDatabase } from './support/fresh-database';
import { serverBundle } from './support/server-bundle';

// The systemd unit and the nginx site of docs/operations.md, as written there, against the real
// programs: systemd-analyze verifies the unit and the server runs as its ExecStart, with its
// EnvironmentFile, and stops on its signal; Debian's nginx serves the site on loopback with a
// self-signed certificate in front of a real server.

const run = promisify(execFile);
const root = await mkdtemp(path.join(os.tmpdir(), 'auna-docs-'));
await chmod(root, 0o711);
const doc = await readFile(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s().catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

/** The fenced block right after `<!-- test: name -->` in docs/operations.md. */
function block(name: string): string {
  const m = new RegExp(`<!-- test: ${name} -->\\s*\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``).exec(doc);
  if (!m) throw new Error(`docs/operations.md has no block "${name}"`);
  return m[1]!;
}

/** systemd's EnvironmentFile: KEY=value lines, # comments. */
function envFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

const unitValue = (unit: string, key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];

it.runIf(process.platform === 'linux')(
  'the systemd unit: systemd-analyze verifies it, and the server runs and stops as it says',
  { timeout: 180_000 },
  async () => {
    const unit = block('systemd-unit');
    expect(unitValue(unit, 'Restart')).toBe('on-failure');
    expect(unitValue(unit, 'KillMode')).toBe('mixed');
    expect(unitValue(unit, 'EnvironmentFile')).toBe('/etc/auna/auna.env');
    expect(unitValue(unit, 'StateDirectory')).toBe('auna');
    expect(unitValue(unit, 'User')).toBe('auna');

    // systemd's own check: no unknown key, no bad value, the program exists.
    const file = path.join(root, 'auna.service');
    await writeFile(file, unit.replace(/^ExecStart=\/usr\/bin\/node /m, `ExecStart=${process.execPath} `));
    const verify = await run('systemd-analyze', ['verify', file]).then(
      (r) => ({ code: 0, stderr: r.stderr }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    const complaints = verify.stderr.split('\n').filter((l) => l.includes('auna.service'));
    expect(verify.code).toBe(0);
    expect(complaints).toEqual([]);

    // ExecStart, in WorkingDirectory, with the documented EnvironmentFile (its places and ports made this machine's).
    const app = await serverBundle(path.join(root, 'opt-auna'));
    const port = await freePort();
    const dataDir = path.join(root, 'var-lib-auna');
    await mkdir(dataDir, { mode: 0o700 });
    const env = {
      ...envFile(block('env-file')),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    const [program, script] = unitValue(unit, 'ExecStart')!.split(' ');
    expect(program).toBe('/usr/bin/node');
    const server = spawn(process.execPath, [script!.replace('/opt/auna', app)], {
      cwd: app,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout.on('data', (d: Buffer) => (out += d.toString()));
    server.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    stops.push(() =>
      removeChildServer({ proc: server, output: () => out, exited: exited.then((code) => ({ code, signal: null })) }, dataDir),
    );
    await waitForHealth(`http://127.0.0.1:${port}`, undefined, 120_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${out}`);
    });
    expect(out).toContain(`Auna ${APP_VERSION} está en marcha: http://127.0.0.1:${port}`);
    // systemd stops it with SIGTERM (KillMode=mixed: the main process only); exit 0 is a clean stop,
    // which Restart=on-failure leaves stopped, well inside TimeoutStopSec.
    const t0 = Date.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(Number(unitValue(unit, 'TimeoutStopSec')) * 1000);
  },
);

/** An https request to nginx from a given loopback address, trusting the test's own certificate. */
function viaNginx(
  port: number,
  p: string,
  opts: { ca: string; method?: string; body?: unknown; from?: string; cookie?: string; origin?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        method: opts.method ?? 'GET',
        ca: opts.ca,
        servername: 'localhost',
        localAddress: opts.from,
        headers: {
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.origin ? { origin: opts.origin } : {}),
          host: `localhost:${port}`,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(JSON.stringify(opts.body));
    req.end();
  });
}

it.runIf(process.platform === 'linux')(
  "the nginx site: Debian's nginx with TLS in front of the server, live updates through it, each client's own limits",
  { timeout: 240_000 },
  async () => {
    const dir = path.join(root, 'nginx');
    await mkdir(dir, { recursive: true });
    // A self-signed certificate for localhost.
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'privkey.pem'),
      '-out',
      path.join(dir, 'fullchain.pem'),
    ]);
    const ca = await readFile(path.join(dir, 'fullchain.pem'), 'utf8');

    // The server behind it, as the docs say: loopback, TRUST_PROXY=true, PUBLIC_URL the https name.
    const [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `https://localhost:${httpsPort}`;
    const database = await freshDatabase('nginx');
    stops.push(() => database.drop());
    const dataDir = path.join(root, 'nginx-data');
    const app: ChildServer = spawnServer({
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    stops.push(() => removeChildServer(app, dataDir));

    // The documented site, with only its names, ports and certificate paths made this machine's.
    const site = block('nginx-site')
      .replaceAll('reservas.tusalon.es;', 'localhost;')
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replaceAll('/etc/letsencrypt/live/reservas.tusalon.es/', `${dir}/`)
      .replaceAll('http://127.0.0.1:3000', `http://127.0.0.1:${appPort}`);
    expect(site).toContain('proxy_buffering off;');
    expect(site).toContain('$proxy_add_x_forwarded_for');
    await writeFile(path.join(dir, 'auna.conf'), site);
    // Only what a Debian nginx.conf around sites-enabled would give, in a folder of the test's own.
    await writeFile(
      path.join(dir, 'nginx.conf'),
      `user root; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/auna.conf;
}
`,
    );
    const nginxArgs = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
    await run('/usr/sbin/nginx', [...nginxArgs, '-t']);
    const nginx: ChildProcess = spawn('/usr/sbin/nginx', [...nginxArgs, '-g', 'daemon off;'], { stdio: 'ignore' });
    stops.push(async () => {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx.once('exit', r));
    });
    await waitForHealth(`http://127.0.0.1:${appPort}`, app, 120_000);

    // TLS, and plain HTTP sent to https.
    const health = await viaNginx(httpsPort, '/api/health', { ca });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true, version: APP_VERSION });
    const plain = await new Promise<{ status?: number; location?: string }>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: httpPort, path: '/reservar', headers: { host: 'localhost' } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode, location: res.headers.location });
        })
        .on('error', reject),
    );
    expect(plain).toEqual({ status: 301, location: 'https://localhost/reservar' });

    // A client signs up through the proxy (secure cookie, Origin of the https name)…
    const signUp = await viaNginx(httpsPort, '/api/auth/sign-up/email', {
      ca,
      method: 'POST',
      origin: publicUrl,
      from: '127.0.0.5',
      body: { email: 'ana@proxy.example', password: 'clave-segura-proxy-1', name: 'Ana' },
    });
    expect(signUp.status).toBe(200);
    const setCookie = ([] as string[]).concat(signUp.headers['set-cookie'] ?? []);
    expect(setCookie.some((c) => /; Secure/i.test(c))).toBe(true);
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');

    // …and her live updates arrive through it at once, not when a buffer fills.
    const t0 = Date.now();
    const first = await new Promise<string>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: '/api/events',
          ca,
          servername: 'localhost',
          headers: { cookie, host: `localhost:${httpsPort}` },
        },
        (res) => {
          res.once('data', (d: Buffer) => {
            resolve(d.toString());
            req.destroy();
          });
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
      req.end();
    });
    expect(first).toContain('event: ready');
    expect(Date.now() - t0).toBeLessThan(2_000);

    // TRUST_PROXY: the server sees each client's own address. Ten failed sign-ins from 127.0.0.2
    // block that address (429 at the eleventh); 127.0.0.3 is not blocked by them.
    const failSignIn = (from: string, i: number) =>
      viaNginx(httpsPort, '/api/auth/sign-in/email', {
        ca,
        method: 'POST',
        origin: publicUrl,
        from,
        body: { email: `nadie${i}@proxy.example`, password: 'no-es-esta-clave' },
      });
    for (let i = 0; i < 10; i++) expect((await failSignIn('127.0.0.2', i)).status).toBe(401);
    expect((await failSignIn('127.0.0.2', 10)).status).toBe(429);
    expect((await failSignIn('127.0.0.3', 11)).status).toBe(401);
    expect(app.output()).not.toContain('TRUST_PROXY is not set');
  },
);
