import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionReader } from './session-reader';
import { signUp, type Session } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

// The per-request session read (src/server/http/session-reader.ts) answers what better-auth's
// getSession answers, and hands over to it whenever better-auth would write.

let server: TestServer;
let ana: Session;
let read: ReturnType<typeof createSessionReader>;
let cookieName = '';
let secret = '';

const DAY = 86_400_000;
const header = (s: Session) => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const sign = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
const betterAuth = (cookie: string) => server.deps.auth.api.getSession({ headers: new Headers({ cookie }) });

beforeAll(async () => {
  server = await startTestServer();
  ana = await signUp(server.url, { email: 'ana.sesion@example.com', password: 'secreto-1', name: 'Ana' });
  read = createSessionReader(server.deps);
  const ctx = await server.deps.auth.$context;
  cookieName = ctx.authCookies.sessionToken.name;
  secret = ctx.secret;
});

afterAll(async () => {
  await server?.close();
});

describe('session reader', () => {
  it('a valid cookie gives the same session and user as better-auth, in one query', async () => {
    const mine = await read(header(ana));
    const theirs = await betterAuth(header(ana));
    expect(mine).not.toBeNull();
    expect(mine).not.toBe('ask-better-auth');
    const m = mine as Exclude<typeof mine, null | 'ask-better-auth'>;
    expect(m.sessionId).toBe(theirs!.session.id);
    expect(m.user).toEqual({ id: theirs!.user.id, email: theirs!.user.email, name: theirs!.user.name, image: theirs!.user.image ?? null, role: 'client' });
    expect((await ana.get('/api/me')).status).toBe(200);
  });

  it('no cookie, another cookie, a bad signature, an unknown token: no session, as for better-auth', async () => {
    const token = decodeURIComponent(ana.cookies.get(cookieName)!).split('.')[0]!;
    const cases = ['', 'theme=dark', `${cookieName}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`, `${cookieName}=${token}`, `${cookieName}=${sign('no-such-token-0123456789abcdef')}`];
    for (const c of cases) {
      expect(await read(c || undefined)).toBeNull();
      expect(await betterAuth(c)).toBeNull();
    }
  });

  it('a session is never extended (absolute lifetime, ADR 025); an expired one is left to better-auth', async () => {
    const bea = await signUp(server.url, { email: 'bea.sesion@example.com', password: 'secreto-1' });
    const token = decodeURIComponent(bea.cookies.get(cookieName)!).split('.')[0]!;
    // The times are the app's clock, which the reader and better-auth compare them with, not the
    // database's now(): under faketime (scripts/clock-matrix.sh) the two differ by months.
    const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
    // Signed in two days ago: before ADR 025 better-auth extended it to 30 days from now.
    const expiresAt = fromNow(28 * DAY);
    await server.deps.db.execute(sql`UPDATE "session" SET expires_at = ${expiresAt}::timestamptz, created_at = ${fromNow(-2 * DAY)}::timestamptz WHERE token = ${token}`);
    expect(await read(header(bea))).not.toBe('ask-better-auth');
    expect((await bea.get('/api/me')).status).toBe(200);
    const [kept] = (await server.deps.db.execute<{ expires_at: string | Date }>(sql`SELECT expires_at FROM "session" WHERE token = ${token}`)).rows;
    expect(new Date(kept!.expires_at).toISOString()).toBe(expiresAt);
    // Expired: refused, and better-auth deletes it.
    await server.deps.db.execute(sql`UPDATE "session" SET expires_at = ${fromNow(-60_000)}::timestamptz WHERE token = ${token}`);
    expect(await read(header(bea))).toBe('ask-better-auth');
    expect((await bea.get('/api/me')).status).toBe(401);
    const left = (await server.deps.db.execute(sql`SELECT 1 FROM "session" WHERE token = ${token}`)).rows;
    expect(left).toHaveLength(0);
  });

  it('a signed-out session is gone at once', async () => {
    const eva = await signUp(server.url, { email: 'eva.sesion@example.com', password: 'secreto-1' });
    const cookie = header(eva);
    expect((await eva.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await read(cookie)).toBeNull();
  });
});
