import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MSG } from '../../domain/texts/accounts';
import { MSG } from '../../domain/texts/common';
import { VERIFIED_LANDING } from '../auth/auth';
import { user } from '../db/schema';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { safeError } from '../logger';

// Asking for the verification email again (the November review, docs/decisions/030). The link
// sent at sign-up lasts 24 hours; whoever missed it could not be linked as staff nor attach her
// salon history. Limited per address AND per client address in the shared store
// (auth/rate-limit-store.ts), so the limits hold across processes and nobody can fill a mailbox.
export const RESEND_PER_EMAIL = { window: 60 * 60, max: 3 } as const;
export const RESEND_PER_IP = { window: 60 * 60, max: 10 } as const;

export class TooManyResends extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, 'too_many_requests', MSG.tooManyRequests);
  }
}

/** Counts one request for `email` from `ip`; throws TooManyResends past either limit. Unknown addresses count the same. */
export async function consumeResendLimits(rateLimit: Deps['rateLimit'], email: string, ip: string): Promise<void> {
  const address = email.trim().toLowerCase().slice(0, 320);
  const byIp = await rateLimit.consume(`verify-resend:ip:${ip}`, RESEND_PER_IP);
  if (!byIp.allowed) throw new TooManyResends(byIp.retryAfter ?? RESEND_PER_IP.window);
  const byEmail = await rateLimit.consume(`verify-resend:email:${address}`, RESEND_PER_EMAIL);
  if (!byEmail.allowed) throw new TooManyResends(byEmail.retryAfter ?? RESEND_PER_EMAIL.window);
}

export type ResendOutcome = 'sent' | 'already_confirmed' | 'unknown';

/**
 * Sends a new verification link to `email` when it is an account whose email is not confirmed.
 * Through better-auth's own endpoint, without a session: it answers alike (and no faster) for an
 * unknown or confirmed address. The outcome is for the caller to word, never to show an outsider.
 */
export async function resendVerification(deps: Pick<Deps, 'auth' | 'db' | 'log'>, email: string): Promise<ResendOutcome> {
  const address = email.trim().toLowerCase();
  const [found] = await deps.db.select({ verified: user.emailVerified }).from(user).where(eq(sql`lower(${user.email})`, address));
  if (found?.verified) return 'already_confirmed';
  const refused = await deps.auth.api
    .sendVerificationEmail({ body: { email: address, callbackURL: VERIFIED_LANDING } })
    .then(() => false)
    .catch((err: unknown) => {
      // better-auth refusing the address (not one it takes as an email) is no account to send to.
      const status = (err as { statusCode?: unknown } | null)?.statusCode;
      if (typeof status === 'number' && status < 500) return true;
      deps.log.error({ err: safeError(err) }, 'verification mail not resent');
      throw new ApiError(503, 'mail_unavailable', ACCOUNT_MSG.verificationResendFailed);
    });
  if (refused) return 'unknown';
  return found ? 'sent' : 'unknown';
}
