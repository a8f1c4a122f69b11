import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { freePort } from '../../../../test/support/free-port';
import { newSession, promote, signUp, type Session } from '../../../../test/support/http-client';
import { startOidcProvider, type OidcProvider } from '../../../../test/support/oidc-provider';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A client the salon booked by phone (a record with their email) signs in with Google,
// whose email is verified: the record and its history become theirs.

let oidc: OidcProvider;
let server: TestServer;

beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({ redirectUris: [`${url}/api/auth/callback/google`], user: { sub: 'google-rosa-0001', email: 'rosa.google@example.com', name: 'Rosa Google' } });
  server = await startTestServer({
    now: () => new Date('2026-01-14T10:00:00Z'),
    env: { PORT: String(port), PUBLIC_URL: url, GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret, GOOGLE_ISSUER: oidc.issuer },
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

it('a Google sign-in with a verified email takes over the salon’s record of that email, with its appointments', async () => {
  const admin = await signUp(server.url, { email: 'admin.google@salon.test', password: 'secreto-1', name: 'Admin' });
  await promote(server.deps, 'admin.google@salon.test', 'admin');
  const created = await admin.post('/api/front-desk/clients', { name: 'Rosa Pérez', phone: '633 00 11 22', email: 'rosa.google@example.com' });
  expect(created.status).toBe(201);
  expect(created.body.client.hasAccount).toBe(false);

  const app = newSession(server.url);
  await googleSignIn(app, newSession(oidc.issuer));
  const [rec] = await server.deps.db.select().from(clients).where(eq(clients.id, created.body.client.id));
  expect(rec!.userId).not.toBeNull();
  const me = await app.get('/api/me');
  expect(rec!.userId).toBe(me.body.uid);
});
