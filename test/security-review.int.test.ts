import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/texts/common';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { AdminAccountError } from '../src/server/accounts/ensure-admin';
import { loadConfig } from '../src/server/config';
import { account, session, user, verification } from '../src/server/db/schema';
import { startServer } from '../src/server/start';
import { freePort } from './support/free-port';
import { newSession, promote, signUp, type Session } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// The findings of the OWASP ASVS 5 level 2 review (ADR 025), each with the test that failed
// before its fix. docs/reliability.md lists them. Booking abuse: src/server/features/booking/booking-limits.int.test.ts;
// Google: src/server/features/accounts/google-oidc.int.test.ts; logs: test/hardening.int.test.ts; linking:
// src/server/features/employees/employees.int.test.ts; privacy: src/server/features/my-account/my-data.int.test.ts.

const PASSWORD = 'clave-segura-1';
let server: TestServer;
let ipSeq = 0;
const ip = () => `10.16.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
const from = (address = ip()) => ({ headers: { 'x-forwarded-for': address } });

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const userId = async (email: string) => (await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

describe('TRUST_PROXY: the address the trusted proxy saw, not the one the client wrote', () => {
  it('a client writing its own X-Forwarded-For entries still meets the per-address sign-in limit', async () => {
    // The proxy APPENDS the address it saw (203.0.113.9); whatever is left of it the client wrote.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await newSession(server.url, { headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` } }).post('/api/auth/sign-in/email', {
        email: `nadie${i}@proxy.test`,
        password: 'lo-que-sea-1',
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1), statuses.join(',')).toBe(429);
  });

  it('TRUST_PROXY=2 takes the second address from the right', async () => {
    const two = await startTestServer({ env: { TRUST_PROXY: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await newSession(two.url, { headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7, 10.0.0.${i}` } }).post('/api/auth/sign-in/email', {
          email: `nadie${i}@proxy.test`,
          password: 'lo-que-sea-1',
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1), statuses.join(',')).toBe(429);
    } finally {
      await two.close();
    }
  });
});

describe('lockout: a stranger cannot keep the owner out', () => {
  it('after ten wrong passwords from elsewhere the owner still signs in, only later (a growing delay per account)', async () => {
    const email = 'duena@lockout.test';
    await signUp(server.url, { email, password: PASSWORD }, from());
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: `mala-${i}-xx` })));
    expect(wrong.every((r) => r.status === 401)).toBe(true);
    const started = Date.now();
    const owner = await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(owner.status).toBe(200);
    // Ten failures: the attempt waited the 4 s maximum before its password was checked.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
  });
});

describe('passwords', () => {
  it('sign-up refuses one of the 10,000 most common passwords, in Spanish', async () => {
    for (const password of ['123456', 'password', 'qwerty123', 'Password']) {
      const res = await newSession(server.url, from()).post('/api/auth/sign-up/email', { email: `comun.${password.toLowerCase()}@pw.test`, password, name: '' });
      expect(res.status, password).toBe(400);
      expect(res.body.error).toEqual({ code: 'PASSWORD_TOO_COMMON', message: STAFF_MSG.passwordTooCommon });
    }
    const [{ n }] = (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM "user" WHERE email LIKE 'comun.%'`)).rows as [{ n: number }];
    expect(n).toBe(0);
  });

  async function resetToken(email: string): Promise<string> {
    const token = randomBytes(12).toString('hex');
    await server.deps.db.insert(verification).values({ id: randomBytes(8).toString('hex'), identifier: `reset-password:${token}`, value: await userId(email), expiresAt: new Date(Date.now() + 3_600_000) });
    return token;
  }

  it('a staff account needs 12 characters to reset or change its password; a client keeps the minimum of 6', async () => {
    const staff = await signUp(server.url, { email: 'empleada@pw.test', password: PASSWORD }, from());
    await promote(server.deps, 'empleada@pw.test', 'employee');
    await signUp(server.url, { email: 'clienta@pw.test', password: PASSWORD }, from());

    const short = await newSession(server.url, from()).post('/api/auth/reset-password', { newPassword: 'corta-de-11', token: await resetToken('empleada@pw.test') });
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({ code: 'STAFF_PASSWORD_TOO_SHORT', message: STAFF_MSG.staffPasswordTooShort });
    const changed = await staff.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'corta-de-11' });
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toBe(STAFF_MSG.staffPasswordTooShort);
    expect((await staff.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'larga-de-doce' })).status).toBe(200);

    const client = await newSession(server.url, from()).post('/api/auth/reset-password', { newPassword: 'tq9#zr', token: await resetToken('clienta@pw.test') });
    expect(client.status).toBe(200);
    const common = await newSession(server.url, from()).post('/api/auth/reset-password', { newPassword: 'iloveyou', token: await resetToken('clienta@pw.test') });
    expect(common.body.error?.message).toBe(STAFF_MSG.passwordTooCommon);
  });
});

describe('sessions', () => {
  const tokenOf = (s: Session) => decodeURIComponent([...s.cookies].find(([k]) => k.endsWith('session_token'))![1]).split('.')[0]!;

  it('end 30 days after sign-in however active they were (absolute lifetime)', async () => {
    const s = await signUp(server.url, { email: 'vieja@sesion.test', password: PASSWORD }, from());
    // Still valid by its expiry (a refresh used to move it forward), but signed in 31 days ago.
    await server.deps.db.update(session).set({ createdAt: new Date(Date.now() - 31 * 86_400_000), expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(session.token, tokenOf(s)));
    expect((await s.get('/api/me')).status).toBe(401);
    expect(await server.deps.db.select().from(session).where(eq(session.token, tokenOf(s)))).toHaveLength(0);
  });

  it('a staff session ends after 12 hours without use; a client session does not', async () => {
    const staff = await signUp(server.url, { email: 'staff@sesion.test', password: PASSWORD }, from());
    await promote(server.deps, 'staff@sesion.test', 'admin');
    const client = await signUp(server.url, { email: 'cliente@sesion.test', password: PASSWORD }, from());
    const idle = new Date(Date.now() - 13 * 3_600_000);
    for (const s of [staff, client]) await server.deps.db.update(session).set({ updatedAt: idle }).where(eq(session.token, tokenOf(s)));
    expect((await staff.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('staff activity keeps the session alive', async () => {
    const staff = await signUp(server.url, { email: 'activa@sesion.test', password: PASSWORD }, from());
    await promote(server.deps, 'activa@sesion.test', 'employee');
    await server.deps.db.update(session).set({ updatedAt: new Date(Date.now() - 11 * 3_600_000) }).where(eq(session.token, tokenOf(staff)));
    expect((await staff.get('/api/me')).status).toBe(200);
    const [row] = await server.deps.db.select({ updatedAt: session.updatedAt }).from(session).where(eq(session.token, tokenOf(staff)));
    expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(60_000);
  });
});

describe('password reset request', () => {
  it('answers without waiting for the mail server (the timing no longer tells whether an account exists)', async () => {
    // An SMTP server that accepts the connection and never speaks: sending would wait its timeout.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const smtp = `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const slow = await startTestServer({ env: { TRUST_PROXY: 'true', SMTP_URL: smtp } });
    try {
      await signUp(slow.url, { email: 'existe@reset.test', password: PASSWORD }, from());
      const started = Date.now();
      const res = await newSession(slow.url, from()).post('/api/auth/request-password-reset', { email: 'existe@reset.test', redirectTo: '/reset-password' });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const s of sockets) s.destroy();
      await slow.close();
      silent.close();
    }
  });

  it('without SMTP_URL the outbox file is 0600 in a 0700 outbox and a 0700 data dir', async () => {
    await signUp(server.url, { email: 'buzon@reset.test', password: PASSWORD }, from());
    expect((await newSession(server.url, from()).post('/api/auth/request-password-reset', { email: 'buzon@reset.test', redirectTo: '/reset-password' })).status).toBe(200);
    const outbox = path.join(server.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      files = await readdir(outbox).catch(() => []);
      if (files.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(files.length).toBeGreaterThan(0);
    expect((await stat(path.join(outbox, files[0]!))).mode & 0o777).toBe(0o600);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect((await stat(server.dataDir)).mode & 0o777).toBe(0o700);
  });
});

describe('admin cursor', () => {
  it('an expanded-year instant is refused with 400, not a 500', async () => {
    const admin = await signUp(server.url, { email: 'admin@cursor.test', password: PASSWORD }, from());
    await promote(server.deps, 'admin@cursor.test', 'admin');
    for (const instant of ['+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '2026-01-14', '0001-01-01T00:00:00.000Z']) {
      const cursor = Buffer.from(JSON.stringify([instant, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
      const res = await admin.get(`/api/admin/appointments?from=2026-01-01&to=2026-12-31&cursor=${cursor}`);
      expect(res.status, instant).toBe(400);
      expect(res.body.error.message).toBe(MSG.invalidInput);
    }
  });
});

describe('start with ADMIN_EMAIL / SEED on a database that has accounts', () => {
  // A second server process on the SAME database, as a restart with new settings would be.
  async function restart(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-restart-'));
    // The same installation: its secrets come along (a start with new ones is refused, ADR 048).
    await copyFile(path.join(server.dataDir, 'secrets.json'), path.join(dataDir, 'secrets.json'));
    const port = await freePort();
    const config = loadConfig({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', DATABASE_URL: server.dbUrl, DATA_DIR: dataDir, ...env });
    try {
      const running = await startServer(config, { listen: false });
      await running.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const ADMIN_PASSWORD = 'contraseña-de-admin';

  it('an unverified account registered with ADMIN_EMAIL stops the start with a clear message and is left as it was', async () => {
    const squatter = await signUp(server.url, { email: 'jefa@salon.test', password: PASSWORD }, from());
    const err = await restart({ ADMIN_EMAIL: 'jefa@salon.test', ADMIN_PASSWORD }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminAccountError);
    expect((err as Error).message).toContain('ADMIN_EMAIL (jefa@salon.test)');
    expect((err as Error).message).toContain('ADMIN_RESET=true');
    const [u] = await server.deps.db.select().from(user).where(eq(user.email, 'jefa@salon.test'));
    expect(u!.role).toBe('client');
    expect((await squatter.get('/api/me')).status).toBe(200);
  });

  it('ADMIN_RESET=true: ADMIN_PASSWORD replaces it, its sessions end, and it is the admin', async () => {
    const squatter = newSession(server.url, from());
    expect((await squatter.post('/api/auth/sign-in/email', { email: 'jefa@salon.test', password: PASSWORD })).status).toBe(200);
    await restart({ ADMIN_EMAIL: 'jefa@salon.test', ADMIN_PASSWORD, ADMIN_RESET: 'true' });
    expect((await squatter.get('/api/me')).status).toBe(401);
    expect((await newSession(server.url, from()).post('/api/auth/sign-in/email', { email: 'jefa@salon.test', password: PASSWORD })).status).toBe(401);
    const admin = newSession(server.url, from());
    expect((await admin.post('/api/auth/sign-in/email', { email: 'jefa@salon.test', password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await admin.get('/api/me')).body.role).toBe('admin');
  });

  it('a verified account becomes admin and keeps its own password', async () => {
    await signUp(server.url, { email: 'duena@salon.test', password: PASSWORD }, from());
    await server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'duena@salon.test'));
    await restart({ ADMIN_EMAIL: 'duena@salon.test', ADMIN_PASSWORD });
    const owner = newSession(server.url, from());
    expect((await owner.post('/api/auth/sign-in/email', { email: 'duena@salon.test', password: PASSWORD })).status).toBe(200);
    expect((await owner.get('/api/me')).body.role).toBe('admin');
  });

  it('SEED=demo does not seed a database that has accounts (no known admin password appears)', async () => {
    await restart({ SEED: 'demo' });
    const admins = await server.deps.db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
    expect(admins.map((a) => a.email)).not.toContain(expect.stringContaining('demo'));
    const [{ n }] = (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM services`)).rows as [{ n: number }];
    expect(n).toBe(0);
    // No Google or other account was created either.
    expect(await server.deps.db.select().from(account).where(and(eq(account.providerId, 'credential'), sql`${account.userId} NOT IN (SELECT id FROM "user")`))).toHaveLength(0);
  });
});
