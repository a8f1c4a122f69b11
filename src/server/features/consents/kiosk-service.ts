import { and, eq, lt, sql } from 'drizzle-orm';
import { KIOSK_MAX_ATTEMPTS, KIOSK_MSG, KIOSK_PIN } from '../../../domain/reception-kiosk';
import { hashPassword, verifyPassword } from '../../auth/password';
import { receptionKiosks, session as sessionTable } from '../../db/schema';
import type { Deps, SessionUser } from '../../http/env';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { consentFormAtReception } from './sign-service';

// Signing at reception as a kiosk (docs/decisions/068-reception-kiosk.md). The lock is a row
// beside the staff member's session: the session reader sees it on every request and the fence
// (http/guards.ts, kioskFence) refuses everything but the visit's form while it is there.

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'log'>;

function checkedPin(pin: string): string {
  if (!KIOSK_PIN.test(pin)) throw badRequest(KIOSK_MSG.pinFormat);
  return pin;
}

/**
 * Locks `sessionId` to the visit's signing form, with the PIN she chose. Only a witness of that
 * visit may (the same rule and answers as the reception form: mayWitness, a confirmed visit), so
 * the kiosk shows nothing she could not show herself.
 */
export async function startKiosk(ctx: Ctx, me: SessionUser, sessionId: string, body: { appointmentId: string; pin: string }) {
  const pinHash = await hashPassword(checkedPin(body.pin));
  const form = await consentFormAtReception(ctx, me, body.appointmentId);
  await ctx.db
    .insert(receptionKiosks)
    .values({ sessionId, appointmentId: form.appointment.id, pinHash })
    .onConflictDoUpdate({ target: receptionKiosks.sessionId, set: { appointmentId: form.appointment.id, pinHash, failedAttempts: 0 } });
  return { appointmentId: form.appointment.id };
}

/**
 * "Terminar": the PIN gives the tablet back to the staff member. Each try first takes one of the
 * KIOSK_MAX_ATTEMPTS in the database (one UPDATE, so concurrent guesses cannot share a try); the
 * last wrong one ends the session itself (the kiosk goes with it): the client is left at the
 * login page, never in the staff member's session.
 */
export async function endKiosk(ctx: Pick<Deps, 'db'>, sessionId: string, pin: string): Promise<{ ended: true }> {
  const [row] = await ctx.db
    .update(receptionKiosks)
    .set({ failedAttempts: sql`${receptionKiosks.failedAttempts} + 1` })
    .where(and(eq(receptionKiosks.sessionId, sessionId), lt(receptionKiosks.failedAttempts, KIOSK_MAX_ATTEMPTS)))
    .returning({ pinHash: receptionKiosks.pinHash, attempts: receptionKiosks.failedAttempts });
  if (!row) {
    const [still] = await ctx.db
      .select({ id: receptionKiosks.sessionId })
      .from(receptionKiosks)
      .where(eq(receptionKiosks.sessionId, sessionId));
    if (!still) throw notFound(KIOSK_MSG.notInKiosk);
    await ctx.db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
    throw new ApiError(403, 'kiosk_attempts', KIOSK_MSG.tooManyAttempts);
  }
  if (KIOSK_PIN.test(pin) && (await verifyPassword({ hash: row.pinHash, password: pin }))) {
    await ctx.db.delete(receptionKiosks).where(eq(receptionKiosks.sessionId, sessionId));
    return { ended: true };
  }
  if (row.attempts >= KIOSK_MAX_ATTEMPTS) {
    await ctx.db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
    throw new ApiError(403, 'kiosk_attempts', KIOSK_MSG.tooManyAttempts);
  }
  throw new ApiError(403, 'kiosk_pin', KIOSK_MSG.wrongPin);
}
