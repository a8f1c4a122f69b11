import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../../db/schema';
import { freePort } from '../../../../test/support/free-port';
import { newSession, signUp, type Session } from '../../../../test/support/http-client';
import { startOidcProvider, type OidcProvider } from '../../../../test/support/oidc-provider';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Google sign-in (genericOAuth with discovery) against a real OpenID Connect provider on
// loopback: authorization code + PKCE, signed ID token, the user's Google name kept (SPEC §3).

let oidc: OidcProvider;
let server: TestServer;

beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({ redirectUris: [`${url}/api/auth/callback/google`] });
  server = await startTestServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: url,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    },
  });
});

afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

/** What the browser does: follow redirects across the provider and back, each origin its own cookies. */
async function googleSignIn(app: Session, idp: Session): Promise<URL> {
  const start = await app.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/', errorCallbackURL: '/login?from=google' });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  let next = new URL(start.body.url as string);
  expect(next.origin).toBe(oidc.issuer);
  for (let hop = 0; hop < 15; hop++) {
    const jar = next.origin === oidc.issuer ? idp : app;
    const res = await jar.get(next.toString());
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`stopped at ${next} with ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    }
    const to = new URL(location, next);
    if (to.origin === new URL(app.url).origin && !to.pathname.startsWith('/api/')) return to;
    next = to;
  }
  throw new Error('too many redirects');
}

it('signs in a new client with the Google name and lands on /', async () => {
  const app = newSession(server.url);
  const landing = await googleSignIn(app, newSession(oidc.issuer));
  expect(landing.pathname).toBe('/');
  expect(landing.searchParams.get('error')).toBeNull();
  const me = await app.get('/api/me');
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ email: 'lucia.google@example.com', displayName: 'Lucía Google', role: 'client' });

  const [u] = await server.deps.db.select().from(user).where(eq(user.email, 'lucia.google@example.com'));
  const accounts = await server.deps.db.select().from(account).where(eq(account.userId, u!.id));
  expect(accounts.map((a) => a.providerId)).toEqual(['google']);
  expect(accounts[0]!.password).toBeNull();
});

it('a second Google sign-in reuses the same account', async () => {
  const app = newSession(server.url);
  await googleSignIn(app, newSession(oidc.issuer));
  const me = await app.get('/api/me');
  expect(me.body.displayName).toBe('Lucía Google');
  const users = await server.deps.db.select().from(user).where(eq(user.email, 'lucia.google@example.com'));
  expect(users).toHaveLength(1);
});

it('refuses a callback with a forged state', async () => {
  const app = newSession(server.url);
  const res = await app.get('/api/auth/callback/google?code=forged&state=forged');
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect((await app.get('/api/me')).status).toBe(401);
});

// ADR 025: trustedProviders: ['google'] used to skip the verified-email check.
describe('a Google profile whose email is not verified', () => {
  let unverified: OidcProvider;
  let app2: TestServer;
  beforeAll(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    unverified = await startOidcProvider({
      redirectUris: [`${url}/api/auth/callback/google`],
      user: { sub: 'google-sin-verificar', email: 'victima@example.com', name: 'Suplantadora', emailVerified: false },
    });
    app2 = await startTestServer({
      env: { PORT: String(port), PUBLIC_URL: url, GOOGLE_CLIENT_ID: unverified.clientId, GOOGLE_CLIENT_SECRET: unverified.clientSecret, GOOGLE_ISSUER: unverified.issuer },
    });
  });
  afterAll(async () => {
    await app2?.close();
    await unverified?.close();
  });

  async function signInThrough(app: Session): Promise<URL> {
    const start = await app.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/', errorCallbackURL: '/login?from=google' });
    let next = new URL(start.body.url as string);
    const idp = newSession(unverified.issuer);
    for (let hop = 0; hop < 15; hop++) {
      const res = await (next.origin === unverified.issuer ? idp : app).get(next.toString());
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) throw new Error(`stopped at ${next} with ${res.status}`);
      const to = new URL(location, next);
      if (to.origin === new URL(app.url).origin && !to.pathname.startsWith('/api/')) return to;
      next = to;
    }
    throw new Error('too many redirects');
  }

  it('is refused: no account is created and nobody is signed in', async () => {
    const app = newSession(app2.url);
    const landing = await signInThrough(app);
    expect(landing.searchParams.get('error')).toBeTruthy();
    expect((await app.get('/api/me')).status).toBe(401);
    expect(await app2.deps.db.select().from(user).where(eq(user.email, 'victima@example.com'))).toHaveLength(0);
  });

  it('is never linked to an existing account with that email', async () => {
    await signUp(app2.url, { email: 'victima@example.com', password: 'clave-victima-1' });
    await app2.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'victima@example.com'));
    const app = newSession(app2.url);
    await signInThrough(app);
    expect((await app.get('/api/me')).status).toBe(401);
    const [u] = await app2.deps.db.select().from(user).where(eq(user.email, 'victima@example.com'));
    const linked = await app2.deps.db.select().from(account).where(eq(account.userId, u!.id));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
  });
});
