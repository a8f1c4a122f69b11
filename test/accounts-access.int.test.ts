import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages';
import { STAFF_MSG } from '../src/domain/staff-messages';
import { session, user, verification } from '../src/server/db/schema';
import { newSession, promote, signUp, type Session } from './support/http-client';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher';
import { startTestServer, type TestServer } from './support/test-server';

// Accounts and access (the November review, docs/reliability.md "cuentas y acceso"): the sign-in
// protections whatever the body's encoding, the staff idle timeout in front of better-auth's own
// routes, the staff password rule, and asking for the verification email again.

const PASSWORD = 'clave-segura-1';
let server: TestServer;
let mail: MailCatcher;
let ipSeq = 0;
const ip = () => `10.30.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
const from = (address = ip()) => ({ headers: { 'x-forwarded-for': address } });

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const userId = async (email: string) => (await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id;
const tokenOf = (s: Session) => decodeURIComponent([...s.cookies].find(([k]) => k.endsWith('session_token'))![1]).split('.')[0]!;

type Encoding = 'form' | 'multipart' | 'text' | 'none';
const ENCODINGS: Encoding[] = ['form', 'multipart', 'text', 'none'];

/** A POST to better-auth with `fields` in the given encoding, from `address`, with the session's cookies when given. */
async function postEncoded(path: string, fields: Record<string, string>, encoding: Encoding, opts: { address?: string; s?: Session } = {}) {
  const headers = new Headers({ origin: new URL(server.url).origin, 'x-forwarded-for': opts.address ?? ip() });
  if (opts.s && opts.s.cookies.size > 0) headers.set('cookie', [...opts.s.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  let body: BodyInit;
  if (encoding === 'form') body = new URLSearchParams(fields);
  else if (encoding === 'multipart') {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    body = fd;
  } else if (encoding === 'text') {
    body = JSON.stringify(fields);
    headers.set('content-type', 'text/plain;charset=UTF-8');
  } else {
    // Bytes: fetch gives a string body a text/plain type of its own, bytes go without any.
    body = new TextEncoder().encode(JSON.stringify(fields));
  }
  const res = await fetch(server.url + path, { method: 'POST', headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as { error?: { code: string; message: string } }, cookies: res.headers.getSetCookie() };
}

describe('sign-in protections hold whatever the body encoding', () => {
  const notJson = { code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.authJsonOnly };

  it.each(ENCODINGS)('a %s sign-in is refused (415, Spanish) before any password is checked: no guess escapes the count or the delay', async (encoding) => {
    const email = `retraso.${encoding}@enc.test`;
    await signUp(server.url, { email, password: PASSWORD }, from());
    // Five failures from elsewhere: the account's next attempts wait (signInDelayMs).
    for (let i = 0; i < 5; i++) expect((await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: `mala-${i}-xx` })).status).toBe(401);
    for (const password of ['otra-mala-1', PASSWORD]) {
      const res = await postEncoded('/api/auth/sign-in/email', { email, password }, encoding);
      expect(res.status, password).toBe(415);
      expect(res.body.error).toEqual(notJson);
      expect(res.cookies.filter((c) => c.includes('session_token='))).toEqual([]);
    }
  });

  it.each(ENCODINGS)('a %s sign-up with one of the most common passwords creates no account', async (encoding) => {
    const email = `comun.${encoding}@enc.test`;
    const res = await postEncoded('/api/auth/sign-up/email', { email, password: 'password', name: '' }, encoding);
    expect(res.status).toBe(415);
    expect(res.body.error).toEqual(notJson);
    expect(await userId(email)).toBeUndefined();
  });

  it.each(ENCODINGS)('%s: every state-changing auth route answers 415 and changes nothing', async (encoding) => {
    const email = `todo.${encoding}@enc.test`;
    const s = await signUp(server.url, { email, password: PASSWORD }, from());
    const paths: [string, Record<string, string>][] = [
      ['/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }],
      ['/api/auth/reset-password', { token: 'abc', newPassword: 'x' }],
      ['/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'corta-1' }],
      ['/api/auth/send-verification-email', { email }],
      ['/api/auth/update-user', { name: 'Otro nombre' }],
      ['/api/auth/sign-out', {}],
    ];
    for (const [path, fields] of paths) {
      const res = await postEncoded(path, fields, encoding, { s });
      expect(res.status, path).toBe(415);
      expect(res.body.error, path).toEqual(notJson);
    }
    // Still signed in, under the same name.
    const me = await s.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.displayName).toBe('todo.' + encoding);
  });

  it('JSON with a charset still signs in, and its failures are counted', async () => {
    const email = 'charset@enc.test';
    await signUp(server.url, { email, password: PASSWORD }, from());
    const ok = await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: PASSWORD }, { 'content-type': 'application/json; charset=utf-8' });
    expect(ok.status).toBe(200);
    const address = ip();
    for (let i = 0; i < 10; i++) await newSession(server.url, from(address)).post('/api/auth/sign-in/email', { email, password: `mala-${i}` }, { 'content-type': 'Application/JSON; charset=utf-8' });
    expect((await newSession(server.url, from(address)).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(429);
  });
});

describe('the staff idle timeout also guards better-auth’s own routes', () => {
  it('a staff session idle past 12 hours is refused by get-session, list-sessions and update-user; a client’s is not', async () => {
    const staff = await signUp(server.url, { email: 'inactiva@idle.test', password: PASSWORD }, from());
    await promote(server.deps, 'inactiva@idle.test', 'employee');
    const client = await signUp(server.url, { email: 'clienta@idle.test', password: PASSWORD }, from());
    const idle = new Date(server.deps.now().getTime() - 13 * 3_600_000);
    for (const s of [staff, client]) await server.deps.db.update(session).set({ updatedAt: idle }).where(eq(session.token, tokenOf(s)));
    const staffToken = tokenOf(staff);
    const staffCookies = new Map(staff.cookies);

    const got = await staff.get('/api/auth/get-session');
    expect(got.status).toBe(200);
    expect(got.body).toBeNull();
    // The cookie as it was (a second tab, or a client that ignores the cleared cookie).
    for (const [k, v] of staffCookies) staff.cookies.set(k, v);
    expect((await staff.get('/api/auth/list-sessions')).status).toBe(401);
    const renamed = await staff.post('/api/auth/update-user', { name: 'Cambiado' });
    expect(renamed.status).toBe(401);
    expect(renamed.body.error.message).toBe(MSG.unauthenticated);
    expect(await server.deps.db.select().from(session).where(eq(session.token, staffToken))).toHaveLength(0);
    const [row] = await server.deps.db.select({ name: user.name }).from(user).where(eq(user.email, 'inactiva@idle.test'));
    expect(row!.name).not.toBe('Cambiado');

    const clientSession = await client.get('/api/auth/get-session');
    expect(clientSession.body?.user?.email).toBe('clienta@idle.test');
    expect((await client.post('/api/auth/update-user', { name: 'Clienta' })).status).toBe(200);
  });

  it('a staff session still in use passes better-auth’s routes', async () => {
    const staff = await signUp(server.url, { email: 'activa@idle.test', password: PASSWORD }, from());
    await promote(server.deps, 'activa@idle.test', 'admin');
    await server.deps.db.update(session).set({ updatedAt: new Date(server.deps.now().getTime() - 11 * 3_600_000) }).where(eq(session.token, tokenOf(staff)));
    expect((await staff.get('/api/auth/get-session')).body?.user?.email).toBe('activa@idle.test');
    expect((await staff.get('/api/auth/list-sessions')).status).toBe(200);
  });
});

describe('staff password rule', () => {
  async function resetToken(email: string): Promise<string> {
    const token = randomBytes(12).toString('hex');
    await server.deps.db.insert(verification).values({ id: randomBytes(8).toString('hex'), identifier: `reset-password:${token}`, value: (await userId(email))!, expiresAt: new Date(Date.now() + 3_600_000) });
    return token;
  }

  it('a reset token passed in the query string does not escape the 12-character rule', async () => {
    await signUp(server.url, { email: 'query@pw.test', password: PASSWORD }, from());
    await promote(server.deps, 'query@pw.test', 'employee');
    const token = await resetToken('query@pw.test');
    const res = await newSession(server.url, from()).post(`/api/auth/reset-password?token=${token}`, { newPassword: 'corta-de-11' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'STAFF_PASSWORD_TOO_SHORT', message: STAFF_MSG.staffPasswordTooShort });
    // The token is still good for a password that meets the rule.
    const ok = await newSession(server.url, from()).post(`/api/auth/reset-password?token=${token}`, { newPassword: 'una-clave-larga-1' });
    expect(ok.status).toBe(200);
    const [{ n }] = (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM "user" WHERE email = 'query@pw.test'`)).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
