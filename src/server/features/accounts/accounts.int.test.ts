import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { account, user } from '../../db/schema';
import { newSession, promote, signIn, signUp } from '../../../../test/support/http-client';
import { firstLink, startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Accounts through the real HTTP API (better-auth behind our routes) on a real PostgreSQL.
// The server trusts X-Forwarded-For here so each test can come from its own address and the
// per-address rate limits of one test do not spill into the next.

let server: TestServer;
let mail: MailCatcher;
let ipSeq = 0;
const nextIp = () => ({ headers: { 'x-forwarded-for': `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` } });
const PASSWORD = 'secreto-1';

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ env: { SMTP_URL: mail.url, TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

async function dbUser(email: string) {
  const [row] = await server.deps.db.select().from(user).where(eq(user.email, email));
  return row;
}

describe('sign-up', () => {
  it('makes a client even when the request asks for admin', async () => {
    const s = newSession(server.url, nextIp());
    const res = await s.post('/api/auth/sign-up/email', { email: 'quiere.admin@example.com', password: PASSWORD, name: 'Ana', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('client');
    const me = await s.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('client');
    expect((await dbUser('quiere.admin@example.com'))?.role).toBe('client');
  });

  it('gives an ordinary sign-up the role client and GET /api/me the spec fields', async () => {
    const s = await signUp(server.url, { email: 'marta@example.com', password: PASSWORD, name: 'Marta' }, nextIp());
    const me = await s.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'marta@example.com', displayName: 'Marta', role: 'client', photoURL: null });
    expect(typeof me.body.uid).toBe('string');
  });

  it('defaults displayName to the part of the email before @', async () => {
    const s = await signUp(server.url, { email: 'sin.nombre@example.com', password: PASSWORD }, nextIp());
    const me = await s.get('/api/me');
    expect(me.body.displayName).toBe('sin.nombre');
    const blank = await signUp(server.url, { email: 'nombre.blanco@example.com', password: PASSWORD, name: '   ' }, nextIp());
    expect((await blank.get('/api/me')).body.displayName).toBe('nombre.blanco');
  });

  it('enforces the 6-character minimum on the server', async () => {
    const s = newSession(server.url, nextIp());
    const short = await s.post('/api/auth/sign-up/email', { email: 'corta@example.com', password: '12345', name: '' });
    expect(short.status).toBe(400);
    expect(await dbUser('corta@example.com')).toBeUndefined();
    // '123456' is the most common password there is (ADR 025): an uncommon 6 characters instead.
    const ok = await newSession(server.url, nextIp()).post('/api/auth/sign-up/email', { email: 'justa@example.com', password: 'tq9#zr', name: '' });
    expect(ok.status).toBe(200);
  });

  it('stores the password as argon2id with at least m=19456, t=2', async () => {
    await signUp(server.url, { email: 'hash@example.com', password: PASSWORD }, nextIp());
    const u = await dbUser('hash@example.com');
    const [acc] = await server.deps.db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, u!.id), eq(account.providerId, 'credential')));
    const hash = acc?.password ?? '';
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(m, hash).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
    expect(hash).not.toContain(PASSWORD);
  });
});

describe('roles cannot be self-assigned', () => {
  it('a client cannot change its own role through any route', async () => {
    const s = await signUp(server.url, { email: 'ambiciosa@example.com', password: PASSWORD }, nextIp());
    const attempts = [
      s.post('/api/auth/update-user', { role: 'admin' }),
      s.post('/api/auth/update-user', { name: 'Ambiciosa', role: 'admin' }),
      s.post('/api/auth/admin/set-role', { userId: (await s.get('/api/me')).body.uid, role: 'admin' }),
      s.patch('/api/me', { role: 'admin' }),
      s.put('/api/me', { role: 'admin' }),
      s.post('/api/me', { role: 'admin' }),
      s.patch('/api/users/me', { role: 'admin' }),
      s.post('/api/auth/sign-up/email', { email: 'ambiciosa@example.com', password: PASSWORD, role: 'admin' }),
    ];
    const results = await Promise.all(attempts);
    // better-auth refuses a field declared `input: false` outright.
    expect(results[0]!.status).toBe(400);
    expect(results[1]!.status).toBe(400);
    for (const r of results) {
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    }
    const me = await s.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('client');
    expect((await dbUser('ambiciosa@example.com'))?.role).toBe('client');
  });

  it('promote() (test arrangement) does change the role seen by /api/me', async () => {
    const s = await signUp(server.url, { email: 'ascendida@example.com', password: PASSWORD }, nextIp());
    // admin: an employee account also needs an active employee record (ADR 032).
    await promote(server.deps, 'ascendida@example.com', 'admin');
    expect((await s.get('/api/me')).body.role).toBe('admin');
  });
});

describe('session', () => {
  it('GET /api/me without a session is 401 { error: { code, message } }', async () => {
    const res = await newSession(server.url).get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: expect.any(String), message: MSG.unauthenticated } });
  });

  it('sign-out ends the session: the old cookie gets 401', async () => {
    const s = await signUp(server.url, { email: 'salir@example.com', password: PASSWORD }, nextIp());
    const oldCookies = new Map(s.cookies);
    expect((await s.get('/api/me')).status).toBe(200);
    const out = await s.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect((await s.get('/api/me')).status).toBe(401);
    // Replaying the cookie the browser had before signing out does not work either.
    const replay = newSession(server.url);
    for (const [k, v] of oldCookies) replay.cookies.set(k, v);
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    await signUp(server.url, { email: 'csrf@example.com', password: PASSWORD }, nextIp());
    const res = await newSession(server.url, nextIp()).post(
      '/api/auth/sign-in/email',
      { email: 'csrf@example.com', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MSG.forbidden);
  });

  it('signs in with the right password, refuses a wrong one', async () => {
    await signUp(server.url, { email: 'entrar@example.com', password: PASSWORD }, nextIp());
    const s = await signIn(server.url, { email: 'entrar@example.com', password: PASSWORD }, nextIp());
    expect((await s.get('/api/me')).body.email).toBe('entrar@example.com');
    const bad = await newSession(server.url, nextIp()).post('/api/auth/sign-in/email', { email: 'entrar@example.com', password: 'otra-cosa' });
    expect(bad.status).toBe(401);
  });
});

describe('password reset by email', () => {
  it('mails a link; the new password works, the old fails and old sessions end', async () => {
    const email = 'olvido@example.com';
    const ip = nextIp();
    const before = await signUp(server.url, { email, password: PASSWORD }, ip);
    expect((await before.get('/api/me')).status).toBe(200);

    const req = await newSession(server.url, nextIp()).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(req.status).toBe(200);
    const m = await mail.waitFor(email, { timeout: 10_000, match: (x) => /contraseña/i.test(x.subject) });
    expect(m.subject).toMatch(/contraseña/i);
    const link = firstLink(m.text);
    expect(link, m.text).toBeDefined();
    expect(link!.startsWith(server.url)).toBe(true);

    // Following the link (as the browser does) lands on /reset-password?token=…
    const browser = newSession(server.url, nextIp());
    const follow = await browser.get(link!);
    expect(follow.status).toBeGreaterThanOrEqual(300);
    expect(follow.status).toBeLessThan(400);
    const landing = new URL(follow.headers.get('location')!, server.url);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.origin).toBe(new URL(server.url).origin);
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const newPassword = 'nueva-clave-2';
    const reset = await browser.post('/api/auth/reset-password', { newPassword, token });
    expect(reset.status).toBe(200);

    const old = await newSession(server.url, nextIp()).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(old.status).toBe(401);
    await signIn(server.url, { email, password: newPassword }, nextIp());
    expect((await before.get('/api/me')).status).toBe(401);

    // The token is single-use.
    const again = await browser.post('/api/auth/reset-password', { newPassword: 'tercera-clave', token });
    expect(again.status).toBe(400);
  });

  it('answers an unknown address the same way, without sending mail', async () => {
    const res = await newSession(server.url, nextIp()).post('/api/auth/request-password-reset', { email: 'nadie@example.com', redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.mails.some((m) => m.to.includes('nadie@example.com'))).toBe(false);
  });

  it('refuses a redirect to another site', async () => {
    await signUp(server.url, { email: 'phish@example.com', password: PASSWORD }, nextIp());
    const res = await newSession(server.url, nextIp()).post('/api/auth/request-password-reset', {
      email: 'phish@example.com',
      redirectTo: 'https://evil.example/steal',
    });
    expect(res.status).toBe(403);
  });
});

describe('rate limits', () => {
  // ADR 025: the hard block is per account + address; for the account as a whole,
  // failures only make every further attempt wait longer, so a stranger cannot keep the owner out.
  it('ten wrong passwords for one account from ONE address block that address (429 in Spanish), even with the right one', async () => {
    const email = 'objetivo@example.com';
    await signUp(server.url, { email, password: PASSWORD }, nextIp());
    const ip = nextIp();
    // At once, as a guesser would: the growing delay is measured in test/sign-in-lockout.int.test.ts.
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => newSession(server.url, ip).post('/api/auth/sign-in/email', { email, password: `mal-${i}-xx` })));
    expect(wrong.map((r) => r.status).every((s) => s === 401), wrong.map((r) => r.status).join(',')).toBe(true);
    const last = await newSession(server.url, ip).post('/api/auth/sign-in/email', { email, password: 'mal-otra-xx' });
    expect(last.status).toBe(429);
    expect(last.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests } });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // The guesser cannot tell a hit from a miss from that address.
    expect((await newSession(server.url, ip).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(429);
    // The owner, elsewhere, still gets in.
    expect((await newSession(server.url, nextIp()).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('answers 429 in Spanish to one address trying many accounts', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await newSession(server.url, ip).post('/api/auth/sign-in/email', { email: `x${i}@example.com`, password: 'da-igual' });
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expect(last!.status).toBe(429);
    expect(last!.body.error.message).toBe(MSG.tooManyRequests);
  });
});

describe('client address', () => {
  let direct: TestServer;
  beforeAll(async () => {
    direct = await startTestServer();
  });
  afterAll(async () => {
    await direct?.close();
  });

  it('without TRUST_PROXY a spoofed X-Forwarded-For does not escape the per-address limit', async () => {
    let last;
    for (let i = 0; i < 12; i++) {
      last = await newSession(direct.url, { headers: { 'x-forwarded-for': `192.0.2.${i}` } }).post('/api/auth/sign-in/email', {
        email: `y${i}@example.com`,
        password: 'da-igual',
      });
    }
    expect(last!.status).toBe(429);
  });
});

describe('Google sign-in in a salon without GOOGLE_CLIENT_ID', () => {
  // The login and signup pages turn this code into MSG.googleUnavailable (src/web/features/accounts/auth-error-text.test.ts).
  it('answers 404 PROVIDER_NOT_FOUND with a Spanish message, never a redirect or a 500', async () => {
    const res = await newSession(server.url, nextIp()).post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/login?from=google',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'PROVIDER_NOT_FOUND', message: STAFF_MSG.notFound } });
  });
});
