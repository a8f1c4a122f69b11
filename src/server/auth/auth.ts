import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { LIMITS } from '../../domain/back-office-rules';
import { hasControlCharacters } from '../../domain/plain-text';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { safeError, type Logger } from '../logger';
import * as schema from '../db/schema';
import { salonContact } from '../db/salon-settings';
import type { Mailer } from '../mail/mailer';
import { attachClientRecords } from '../accounts/client-records';
import { revokeCalendarFeed } from '../accounts/staff-access';
import { awaitsFirstPassword, passwordChosen } from '../accounts/staff-password';
import { resetPasswordMail, staffInvitationMail, verifyEmailMail } from '../mail/templates';
import { hashPassword, verifyPassword } from './password';
import { createRateLimitStore } from './rate-limit-store';

/** The header our own server sets from the socket address; any copy a client sends is dropped. */
export const CLIENT_IP_HEADER = 'x-auna-client-ip';

export const AUTH_RATE_RULES = {
  default: { window: 60, max: 120 },
  signIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 5 },
  reset: { window: 60, max: 5 },
} as const;

function namePart(email: string): string {
  return email.split('@')[0] ?? email;
}

export const NAME_CONTROL_CHARACTERS = 'NAME_CONTROL_CHARACTERS';

// better-auth takes a name of any length (a 60 KB name was stored: test/hostile-input.int.test.ts);
// it is shown on every card and list of the salon, so it gets the same cap as an employee's name.
function checkAccountFields(u: { name?: unknown; email?: unknown }): void {
  if (typeof u.name === 'string' && u.name.trim().length > LIMITS.nameMax)
    throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: 'name too long' });
  // One line, like every name (ADR 032): features/accounts/auth-routes.ts words this code in Spanish.
  if (typeof u.name === 'string' && hasControlCharacters(u.name))
    throw new APIError('BAD_REQUEST', { code: NAME_CONTROL_CHARACTERS, message: 'control characters in name' });
  if (typeof u.email === 'string' && u.email.length > LIMITS.emailMax)
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'email too long' });
}

/** Where the verification link lands (the web app's confirmation page). */
export const VERIFIED_LANDING = '/email-verificado';

export function createAuth(opts: { db: Db; config: Config; secret: string; mailer: Mailer; log: Logger }) {
  const { config } = opts;
  const google = config.google;
  return betterAuth({
    appName: 'Auna',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: [config.publicUrl],
    // better-auth's own log lines go to our pino, with any error's query parameters cut out (its
    // console logger printed a failed session lookup with the session token as a parameter).
    logger: {
      level: 'warn',
      // The message itself too (ADR 027): better-auth logs a failed query's message, parameters included.
      log: (level, message, ...args) =>
        opts.log[level]({ detail: args.map((a) => safeError(a)) }, `[auth] ${String(safeError(String(message)))}`),
    },
    // Unexpected errors are thrown to our route (features/accounts/auth-routes.ts), which logs them through the
    // redacting logger; left to better-call they went to stderr with console.error, raw (ADR 027).
    onAPIError: { throw: true },
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    // The database keeps only a hash of each verification identifier: a reset token
    // (`reset-password:<token>`) in a copy of the database opens nothing (auth/verification-identifier.ts).
    verification: { storeIdentifier: 'hashed' },
    user: {
      validateUserInfo: ({ user, source }) => {
        if (source.method === 'oauth' && user.emailVerified !== true) {
          return { error: 'email_not_verified', errorDescription: 'email not verified by the provider' };
        }
      },
      additionalFields: {
        // input: false — no sign-up or update request can choose a role (SPEC §6).
        role: { type: 'string', required: false, defaultValue: 'client', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      // Whoever reset the password may be locking out someone who had it: the calendar feed, which
      // needs no session, goes with the sessions (ADR 032); a new one is made from the app.
      // A reset (or an invitation's link, ADR 084) is her own password chosen: no longer fenced.
      onPasswordReset: async ({ user }) => {
        await revokeCalendarFeed(opts.db, user.id);
        await passwordChosen(opts.db, user.id);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Sent AFTER the answer (ADR 027): awaiting SMTP made an existing account's answer slower
      // than an unknown address's, which told a caller whether the account exists.
      sendResetPassword({ user, url }) {
        setImmediate(() => {
          // ADR 100: an account that has not chosen a password yet (invited, or given a first one) is welcomed, not "reset".
          Promise.all([salonContact(opts.db), awaitsFirstPassword(opts.db, user.id)])
            .then(([salon, first]) =>
              opts.mailer.send((first ? staffInvitationMail : resetPasswordMail)({ to: user.email, name: user.name, url, salon })),
            )
            .catch((err: unknown) => {
              opts.log.error({ err: safeError(err) }, 'reset mail not sent');
            });
        });
        return Promise.resolve();
      },
    },
    // A new email/password account is sent a link to confirm its email. Booking does not
    // wait for it (requireEmailVerification stays false); attaching the salon's client record does.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        // The link lands back in the app, on the page that says so in Spanish (or why not).
        const link = new URL(url);
        link.searchParams.set('callbackURL', VERIFIED_LANDING);
        await salonContact(opts.db)
          .then((salon) => opts.mailer.send(verifyEmailMail({ to: user.email, name: user.name, url: link.toString(), salon })))
          .catch((err: unknown) => {
            // A mail server down must not refuse the sign-up; the client can ask for the link again.
            opts.log.error({ err: safeError(err) }, 'verification mail not sent');
          });
      },
      async afterEmailVerification(user) {
        await attachClientRecords(opts.db, user.id);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Signing in (Google gives a verified email) attaches the salon's record of that email.
          async after(s) {
            await attachClientRecords(opts.db, s.userId).catch((err: unknown) => {
              opts.log.error({ err: safeError(err) }, 'client record not attached');
            });
          },
        },
      },
      user: {
        create: {
          // displayName defaults to the part of the email before @ (SPEC §3), and whatever a
          // request says, a new account is a client.
          async before(u) {
            checkAccountFields(u);
            const name = typeof u.name === 'string' && u.name.trim() ? u.name.trim() : namePart(u.email);
            return { data: { ...u, name, role: 'client' } };
          },
        },
        update: {
          async before(u) {
            // update-user let `{ "name": null }` through to a NOT NULL column: a 500 (hostile-input sweep).
            if (u.name !== undefined && typeof u.name !== 'string')
              throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: 'invalid name' });
            checkAccountFields(u);
            return { data: u };
          },
        },
      },
    },
    // An absolute lifetime (ADR 025): a session ends 30 days after sign-in, never
    // extended; staff sessions also end after 12 hours without use (http/guards.ts loadSession).
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      disableSessionRefresh: true,
    },
    rateLimit: {
      enabled: true,
      ...AUTH_RATE_RULES.default,
      customStorage: createRateLimitStore(opts.db),
      customRules: {
        '/sign-in/email': AUTH_RATE_RULES.signIn,
        '/sign-up/email': AUTH_RATE_RULES.signUp,
        '/request-password-reset': AUTH_RATE_RULES.reset,
        '/reset-password': AUTH_RATE_RULES.reset,
        '/get-session': false,
      },
    },
    advanced: {
      // Stated, not left to better-auth's default: under NODE_ENV=test or TEST=1 it skips the
      // Origin and callback/redirect URL checks, so a reset mail could send its token to any site.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Google (ADR 025): no provider is "trusted" any more (that skipped the verified
    // check), a local account is only linked when its own email is verified, and a Google profile
    // whose email_verified is not true is refused outright (user.validateUserInfo).
    account: {
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // The user record takes the provider's name (SPEC §3).
                mapProfileToUser: (p) => ({
                  name: typeof p.name === 'string' && p.name ? p.name : namePart(String(p.email ?? '')),
                  image: typeof p.picture === 'string' ? p.picture : undefined,
                }),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
