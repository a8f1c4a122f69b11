import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { session, user, verification } from '../../db/schema';
import { newSession, promote, signUp, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { resetTokenIdentifier } from '../../auth/verification-identifier';

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
  const notJson = { code: 'UNSUPPORTED_MEDIA_TYPE', message: STAFF_MSG.authJsonOnly };

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
    await server.deps.db.insert(verification).values({ id: randomBytes(8).toString('hex'), identifier: resetTokenIdentifier(token), value: (await userId(email))!, expiresAt: new Date(Date.now() + 3_600_000) });
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

describe('a client account linked as an employee', () => {
  async function linkAsEmployee(admin: Session, email: string) {
    const found = await admin.post('/api/admin/employees/link-lookup', { email });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const res = await admin.post('/api/admin/employees', { name: `Profesional ${email}`, servicesOffered: [], userId: found.body.userId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const verify = (email: string) => server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const sessionsOf = async (email: string) => (await server.deps.db.select().from(session).where(eq(session.userId, (await userId(email))!))).length;

  it('loses her sessions, is told in Spanish to set a 12-character password at sign-in, and can set one through the reset', async () => {
    const admin = await signUp(server.url, { email: 'jefa@link.test', password: PASSWORD }, from());
    await promote(server.deps, 'jefa@link.test', 'admin');
    const email = 'nueva@link.test';
    const shortPassword = 'tq9#zr7';
    const her = await signUp(server.url, { email, password: shortPassword }, from());
    const phone = await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: shortPassword });
    expect(phone.status).toBe(200);
    await verify(email);

    await linkAsEmployee(admin, email);
    expect((await her.get('/api/me')).status).toBe(401);
    expect(await sessionsOf(email)).toBe(0);

    const again = await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: shortPassword });
    expect(again.status).toBe(403);
    expect(again.body.error).toEqual({ code: 'STAFF_PASSWORD_RESET_REQUIRED', message: STAFF_MSG.staffPasswordRequired });
    expect(again.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);
    expect(await sessionsOf(email)).toBe(0);
    // A wrong password is still just a wrong password: the rule tells a guesser nothing.
    expect((await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: 'no-es-esta-1' })).status).toBe(401);

    const reset = await newSession(server.url, from()).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(reset.status).toBe(200);
    const resetMail = await mail.waitFor(email, { match: (m) => m.subject !== STAFF_MSG.emailVerifySubject });
    const token = /reset-password\/([^?\s]+)/.exec(resetMail.text)![1]!;
    expect((await newSession(server.url, from()).post('/api/auth/reset-password', { token, newPassword: 'corta-de-11' })).body.error.code).toBe('STAFF_PASSWORD_TOO_SHORT');
    expect((await newSession(server.url, from()).post('/api/auth/reset-password', { token, newPassword: 'ahora-de-personal-1' })).status).toBe(200);
    const inside = await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: 'ahora-de-personal-1' });
    expect(inside.status).toBe(200);
    expect(inside.body.user.role).toBe('employee');
  });

  it('one who already has a long password signs in with it once more and stays in; an admin linked to a record keeps her sessions', async () => {
    const admin = await signUp(server.url, { email: 'jefa2@link.test', password: PASSWORD }, from());
    await promote(server.deps, 'jefa2@link.test', 'admin');
    await verify('jefa2@link.test');
    const email = 'larga@link.test';
    const her = await signUp(server.url, { email, password: PASSWORD }, from());
    await verify(email);
    await linkAsEmployee(admin, email);
    expect((await her.get('/api/me')).status).toBe(401);
    const back = await newSession(server.url, from()).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(back.status).toBe(200);
    const [row] = await server.deps.db.select({ required: user.staffPasswordRequired }).from(user).where(eq(user.email, email));
    expect(row!.required).toBe(false);

    await linkAsEmployee(admin, 'jefa2@link.test');
    expect((await admin.get('/api/me')).status).toBe(200);
  });
});

describe('asking for the verification email again', () => {
  const isVerifyMail = (m: { subject: string }) => m.subject === STAFF_MSG.emailVerifySubject;
  const mailsTo = (email: string) => mail.mails.filter((m) => m.to.includes(email) && isVerifyMail(m)).length;
  const settle = () => new Promise((r) => setTimeout(r, 700));
  const verified = async (email: string) => (await server.deps.db.select({ v: user.emailVerified }).from(user).where(eq(user.email, email)))[0]?.v;

  it('a client whose email is unconfirmed gets a new link through the real SMTP server, and it confirms her email', async () => {
    const email = 'reenvio@verify.test';
    const s = await signUp(server.url, { email, password: PASSWORD }, from());
    await mail.waitFor(email, { match: isVerifyMail });
    expect((await s.get('/api/email-verification')).body).toEqual({ email, emailVerified: false });

    const res = await s.post('/api/email-verification/resend', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'sent', message: STAFF_MSG.verificationResent });
    await expect.poll(() => mailsTo(email)).toBe(2);
    const latest = mail.mails.filter((m) => m.to.includes(email) && isVerifyMail(m)).at(-1)!;
    const link = /https?:\/\/\S+/.exec(latest.text)![0];
    const landed = await fetch(link, { redirect: 'manual' });
    expect(landed.status).toBe(302);
    expect(await verified(email)).toBe(true);
    expect((await s.get('/api/email-verification')).body).toEqual({ email, emailVerified: true });

    // Confirmed: said so, and nothing is sent.
    const again = await s.post('/api/email-verification/resend', {});
    expect(again.body).toEqual({ status: 'already_confirmed', message: STAFF_MSG.verificationAlreadyConfirmed });
    await settle();
    expect(mailsTo(email)).toBe(2);
  });

  it('the admin sends it again for the account she links; an unknown address gets the same answer and no mail; nobody else may', async () => {
    const admin = await signUp(server.url, { email: 'jefa@verify.test', password: PASSWORD }, from());
    await promote(server.deps, 'jefa@verify.test', 'admin');
    const employee = await signUp(server.url, { email: 'empleada@verify.test', password: PASSWORD }, from());
    await promote(server.deps, 'empleada@verify.test', 'employee');
    const target = 'futura@verify.test';
    const client = await signUp(server.url, { email: target, password: PASSWORD }, from());
    await mail.waitFor(target, { match: isVerifyMail });

    const sent = await admin.post('/api/email-verification/resend-for-account', { email: ' Futura@Verify.test ' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'sent', message: STAFF_MSG.verificationResentFor });
    await expect.poll(() => mailsTo(target)).toBe(2);

    const unknown = await admin.post('/api/email-verification/resend-for-account', { email: 'nadie@verify.test' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(sent.body);
    await settle();
    expect(mailsTo('nadie@verify.test')).toBe(0);

    for (const s of [client, employee]) {
      const refused = await s.post('/api/email-verification/resend-for-account', { email: target });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MSG.forbidden);
    }
    expect((await newSession(server.url, from()).post('/api/email-verification/resend', {})).status).toBe(401);
    await settle();
    expect(mailsTo(target)).toBe(2);
  });

  it('is limited per address across addresses and sessions (429 in Spanish, Retry-After), concurrent requests included', async () => {
    const email = 'limite@verify.test';
    const s = await signUp(server.url, { email, password: PASSWORD }, from());
    await mail.waitFor(email, { match: isVerifyMail });
    // Six at once from six addresses: the shared store lets exactly three through.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? newSession(server.url, from()) : s).post('/api/auth/send-verification-email', { email })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toEqual({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Our own route shares the count.
    const ours = await s.post('/api/email-verification/resend', {});
    expect(ours.status).toBe(429);
    expect(ours.body.error).toEqual({ code: 'too_many_requests', message: MSG.tooManyRequests });
    expect(Number(ours.headers.get('retry-after'))).toBeGreaterThan(0);
    await settle();
    expect(mailsTo(email)).toBeLessThanOrEqual(4);
  });

  it('is limited per client address: the eleventh address asked from one place is refused', async () => {
    const address = ip();
    const admin = await signUp(server.url, { email: 'jefa.ip@verify.test', password: PASSWORD }, from(address));
    await promote(server.deps, 'jefa.ip@verify.test', 'admin');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await admin.post('/api/email-verification/resend-for-account', { email: `ip${i}@verify.test` })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    // better-auth's own endpoint keeps its tighter per-address rule as well (3 a minute).
    const anon = [];
    for (let i = 0; i < 4; i++) anon.push((await newSession(server.url, from(address)).post('/api/auth/send-verification-email', { email: `otra${i}@verify.test` })).status);
    expect(anon.at(-1)).toBe(429);
  });
});
