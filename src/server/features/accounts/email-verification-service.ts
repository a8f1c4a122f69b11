import { eq } from 'drizzle-orm';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { consumeResendLimits, resendVerification } from '../../accounts/verification-resend';
import { user } from '../../db/schema';
import type { Deps, SessionUser } from '../../http/env';

export type ResendAnswer = { status: 'sent' | 'already_confirmed'; message: string };

/** The signed-in account's email and whether it is confirmed (Mis Citas shows the notice). */
export async function accountEmailStatus(deps: Pick<Deps, 'db'>, me: SessionUser): Promise<{ email: string; emailVerified: boolean }> {
  const [row] = await deps.db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, me.id));
  return { email: row?.email ?? me.email, emailVerified: row?.emailVerified ?? false };
}

type ResendDeps = Pick<Deps, 'auth' | 'db' | 'log' | 'rateLimit'>;

/** Her own account: a confirmed email is said so, without sending anything. */
export async function resendOwn(deps: ResendDeps, me: SessionUser, ip: string): Promise<ResendAnswer> {
  await consumeResendLimits(deps.rateLimit, me.email, ip);
  const outcome = await resendVerification(deps, me.email);
  return outcome === 'already_confirmed'
    ? { status: 'already_confirmed', message: STAFF_MSG.verificationAlreadyConfirmed }
    : { status: 'sent', message: STAFF_MSG.verificationResent };
}

/**
 * The admin, for the account she is linking: an unknown address answers as an unconfirmed one
 * does (nothing is sent), so this route tells no one which addresses have accounts.
 */
export async function resendForAccount(deps: ResendDeps, email: string, ip: string): Promise<ResendAnswer> {
  await consumeResendLimits(deps.rateLimit, email, ip);
  const outcome = await resendVerification(deps, email);
  return outcome === 'already_confirmed'
    ? { status: 'already_confirmed', message: STAFF_MSG.verificationAlreadyConfirmed }
    : { status: 'sent', message: STAFF_MSG.verificationResentFor };
}
