import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type OidcUser = { sub: string; email: string; name: string; picture?: string; /** the email_verified claim; true unless said */ emailVerified?: boolean };

export type OidcProvider = {
  /** e.g. http://127.0.0.1:41235 — GOOGLE_ISSUER; discovery at `${issuer}/.well-known/openid-configuration` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How many times a user was logged in (the automatic login step ran). */
  logins: () => number;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (npm oidc-provider) on loopback standing in for Google: discovery,
 * authorization code with PKCE, signed ID tokens, userinfo. Its login step needs no human: the
 * interaction page logs `user` in at once, and consent is granted automatically.
 */
export async function startOidcProvider(opts: {
  /** The app's redirect URIs, e.g. `${PUBLIC_URL}/api/auth/callback/google` */
  redirectUris: string[];
  user?: OidcUser;
  clientId?: string;
  clientSecret?: string;
}): Promise<OidcProvider> {
  const user: OidcUser = opts.user ?? { sub: 'google-lucia-0001', email: 'lucia.google@example.com', name: 'Lucía Google' };
  const clientId = opts.clientId ?? 'auna-test-client';
  const clientSecret = opts.clientSecret ?? randomBytes(16).toString('hex');
  let loginCount = 0;

  // Listen first: the issuer URL holds the port.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries email and name.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      if (id !== user.sub) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: user.sub, email: user.email, email_verified: user.emailVerified ?? true, name: user.name, ...(user.picture ? { picture: user.picture } : {}) }),
      };
    },
    // Consent is implied: every client gets the OpenID scopes it asks for.
    async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'json';
      ctx.body = JSON.stringify(out);
    },
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!m) return handle(req, res);
    // The "login page": logs the configured user in without any input.
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        loginCount += details.prompt.name === 'login' ? 1 : 0;
        await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    logins: () => loginCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
