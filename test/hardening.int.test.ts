import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MSG } from '../src/domain/texts/common';
import { apiRouteKeysOf } from './support/api-routes';
import { spawnServer, waitForHealth } from './support/child-server';
import { tableChecksum } from './support/db-checksum';
import { freePort } from './support/free-port';
import { freshDatabase } from './support/fresh-database';
import { newSession, signUp, type Session } from './support/http-client';
import { firstLink, startMailCatcher, type MailCatcher } from './support/mail-catcher';
import { arrangeWorld, freshIp, WORLD_PASSWORD, type World } from './support/salon-world';
import { startTestServer, type TestServer } from './support/test-server';

// Hardening, each with a test. Already proven elsewhere and not repeated here
// (src/server/features/accounts/accounts.int.test.ts): argon2id at m >= 19 MiB, t >= 2; sign-out and a password reset end
// sessions; a cross-site sign-in refused; sign-in limited per account and per address. The limits
// shared by two server processes are in test/reliability/shared-limits.rel.test.ts.

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'duro');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const setCookies = (h: Headers) => h.getSetCookie();
const sessionCookie = (h: Headers) => setCookies(h).find((c) => /session_token=/.test(c));

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and not Secure on plain http', async () => {
    const res = await newSession(server.url, freshIp()).post('/api/auth/sign-in/email', {
      email: w.email.client,
      password: WORLD_PASSWORD,
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers)!;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    const port = await freePort();
    const https = await startTestServer({ env: { PORT: String(port), PUBLIC_URL: `https://127.0.0.1:${port}`, TRUST_PROXY: 'true' } });
    try {
      // The server itself speaks http here (a TLS proxy in front would speak https); what matters
      // is what it tells the browser. The page's origin is the public https one.
      const res = await newSession(https.url, freshIp()).post(
        '/api/auth/sign-up/email',
        { email: 'segura@duro.test', password: WORLD_PASSWORD, name: '' },
        { origin: `https://127.0.0.1:${port}` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cookie = sessionCookie(res.headers)!;
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });

  it('gets a new session id at every sign-in; a cookie planted before sign-in is not adopted', async () => {
    const first = newSession(server.url, freshIp());
    const a = await first.post('/api/auth/sign-in/email', { email: w.email.otherClient, password: WORLD_PASSWORD });
    const tokenA = sessionCookie(a.headers)!.split(';')[0];

    // An attacker plants a session cookie of their own making (fixation): signing in replaces it.
    const victim = newSession(server.url, freshIp());
    const [name] = tokenA!.split('=');
    victim.cookies.set(name!, 'plantado.abc');
    const b = await victim.post('/api/auth/sign-in/email', { email: w.email.otherClient, password: WORLD_PASSWORD });
    const tokenB = sessionCookie(b.headers)!.split(';')[0];
    expect(tokenB).not.toBe(tokenA);
    expect(tokenB).not.toContain('plantado');
    expect(victim.cookies.get(name!)).not.toBe('plantado.abc');
    expect((await victim.get('/api/me')).body.email).toBe(w.email.otherClient);
    // Both sessions are distinct rows; ending one leaves the other.
    await first.post('/api/auth/sign-out');
    expect((await first.get('/api/me')).status).toBe(401);
    expect((await victim.get('/api/me')).status).toBe(200);
  });
});

describe('state-changing requests from another origin', () => {
  const writes = () => apiRouteKeysOf(server.deps).filter((k) => !k.startsWith('GET '));
  const pathOf = (key: string) =>
    key
      .slice(key.indexOf(' ') + 1)
      .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000')
      .replace(/\*$/, 'sign-in/email');

  it('are refused on every write route (Origin of another site, or Sec-Fetch-Site: cross-site), changing nothing', async () => {
    const before = await tableChecksum(server.deps.db);
    const routes = writes();
    expect(routes.length).toBeGreaterThan(10);
    for (const key of routes) {
      const method = key.slice(0, key.indexOf(' '));
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: '', 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of attempts) {
        const res = await w.sessions.admin.request(
          method,
          pathOf(key),
          { email: w.email.client, password: WORLD_PASSWORD, status: 'completed' },
          headers,
        );
        expect(res.status, `${key} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body).toEqual({ error: { code: 'forbidden', message: MSG.forbidden } });
      }
    }
    expect(await tableChecksum(server.deps.db)).toBe(before);
  });

  it('a same-origin write still passes (the check is not a wall)', async () => {
    expect(
      (
        await w.sessions.admin.put('/api/admin/settings', {
          name: 'Auna',
          address: '',
          phoneNumber: '',
          appointmentTimeSlotInterval: 15,
          cancellationPolicyHours: 24,
          openingHours: (await w.sessions.admin.get('/api/admin/settings')).body.openingHours,
        })
      ).status,
    ).toBe(200);
  });
});

describe('security headers', () => {
  const pages = [
    '/',
    '/login',
    '/book/abc',
    '/admin/dashboard',
    '/favicon.svg',
    '/api/health',
    '/api/me',
    '/api/nope',
    '/api/catalog/services',
    '/api/auth/get-session',
    '/api/auth/nope',
  ];

  it.each(pages)('%s carries CSP without inline script, nosniff, Referrer-Policy and frame-ancestors none', async (p) => {
    const res = await fetch(server.url + p);
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toBe("'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('API answers are never cached and a signed-in answer says so', async () => {
    const res = await w.sessions.client.get('/api/me');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('errors tell nothing about the inside', () => {
  it('a failure inside a route is a Spanish 500 without stack trace or SQL', async () => {
    // The server's database goes away under it (its pool's connections are ended from PostgreSQL).
    const victim = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const s = await signUp(victim.url, { email: 'roto@duro.test', password: WORLD_PASSWORD }, freshIp());
      const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin.connect();
      const db = new URL(victim.dbUrl).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${db} WITH ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [db]);
      await admin.end();
      for (const p of ['/api/me', '/api/catalog/services', '/api/my-appointments']) {
        const res = await s.get(p);
        expect(res.status, p).toBe(500);
        expect(res.body).toEqual({ error: { code: 'internal', message: MSG.internal } });
      }
      const admin2 = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin2.connect();
      await admin2.query(`ALTER DATABASE ${db} WITH ALLOW_CONNECTIONS true`);
      await admin2.end();
    } finally {
      await victim.close();
    }
  });
});

describe('logs', () => {
  let mail: MailCatcher;
  let output: () => string;
  let url = '';
  let dbUrl = '';
  let stop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const database = await freshDatabase('log');
    dbUrl = database.url;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const { mkdtemp, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-logs-'));
    // The most talkative level there is: even then, no secret.
    const child = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'trace',
    });
    await waitForHealth(url, child);
    output = child.output;
    stop = async () => {
      child.proc.kill('SIGTERM');
      await child.exited;
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    };
  }, 120_000);

  afterAll(async () => {
    await stop();
    await mail?.close();
  });

  it('never hold a password, a session cookie or a reset token through sign-up, sign-in, a failed sign-in and a reset', async () => {
    const email = 'secreta@duro.test';
    const password = 'Clave-Muy-Secreta-1';
    const newPassword = 'Otra-Clave-Secreta-2';
    const secrets: string[] = [password, newPassword];
    const remember = (s: Session) => {
      for (const [, v] of s.cookies) secrets.push(v, decodeURIComponent(v), decodeURIComponent(v).split('.')[0]!);
    };
    const s = await signUp(url, { email, password, name: 'Secreta' }, freshIp());
    remember(s);
    await s.get('/api/me');
    await s.post('/api/auth/sign-out');
    const again = newSession(url, freshIp());
    expect((await again.post('/api/auth/sign-in/email', { email, password: `${password}-mal` })).status).toBe(401);
    expect((await again.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    remember(again);
    expect((await again.get('/api/my-appointments')).status).toBe(200);

    expect(
      (await newSession(url, freshIp()).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status,
    ).toBe(200);
    const m = await mail.waitFor(email, { timeout: 10_000, match: (x) => /contraseña/i.test(x.subject) });
    const link = firstLink(m.text)!;
    const browser = newSession(url, freshIp());
    const follow = await browser.get(link);
    const token = new URL(follow.headers.get('location')!, url).searchParams.get('token')!;
    secrets.push(token, new URL(link).pathname.split('/').pop()!);
    expect((await browser.post('/api/auth/reset-password', { newPassword, token })).status).toBe(200);
    const after = await signUp(url, { email: 'otra.secreta@duro.test', password: newPassword }, freshIp());
    remember(after);

    const log = output();
    // The log did record those requests: the grep below is looking at the right text.
    expect(log).toMatch(/"path":"\/api\/auth\/sign-in\/email"/);
    expect(log).toMatch(/"path":"\/api\/auth\/reset-password"/);
    const leaked = [...new Set(secrets.filter((x) => x.length >= 8))].filter((x) => log.includes(x));
    expect(leaked, 'secrets found in the server log').toEqual([]);
  });

  // ADR 027: an auth 5xx logged the raw path (a reset link's path holds its token), and
  // better-auth's unexpected errors went to stderr through console.error, with a failed query's
  // parameters (tokens) in them. The verification table is taken away to make better-auth fail.
  it('an auth error (500) is logged as JSON through the redacting logger: no raw path, no query parameters', async () => {
    const email = 'fallo@duro.test';
    await signUp(url, { email, password: 'Clave-Del-Fallo-1' }, freshIp());
    const token = 'TOKENSECRETO0123456789ab';
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      await db.query('ALTER TABLE verification RENAME TO verification_fuera');
      const link = await newSession(url, freshIp()).get(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
      const reset = await newSession(url, freshIp()).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
      expect([link.status, reset.status].some((st) => st >= 500), `${link.status} ${reset.status}`).toBe(true);
    } finally {
      await db.query('ALTER TABLE verification_fuera RENAME TO verification');
      await db.end();
    }
    await new Promise((r) => setTimeout(r, 300));
    const lines = output().split('\n').filter((l) => l.trim() !== '');
    expect(lines.some((l) => l.includes('auth error'))).toBe(true);
    // Every line is pino's JSON except the start announcement; nothing raw on stderr.
    const raw = lines.filter((l) => !l.startsWith('{') && !/Auna [\d.]+ está en marcha|^\s*$/.test(l));
    expect(raw.filter((l) => /SERVER_ERROR|params|Failed query|verification/.test(l)), 'raw lines').toEqual([]);
    expect(output()).not.toContain(token);
    expect(output()).not.toMatch(/params: (?!\[oculto\])/);
  });
});
