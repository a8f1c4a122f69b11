import { enqueueAppointmentMessages } from '../../notifications/enqueue';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { signedInRecently } from '../../../domain/session-policy';
import { verifyPassword } from '../../auth/password';
import { deleteProofKey } from '../../auth/rate-limit-keys';
import { ApiError, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { sessionNow } from '../../http/session-clock';
import {
  accountOf,
  anonymise,
  anonymiseChangesBy,
  anonymiseClientRecord,
  anonymiseGiftCards,
  appointmentsForExport,
  cancelFuture,
  changesOfAppointments,
  bonosForExport,
  consentsForExport,
  changesOfClientRecord,
  clientRecordOf,
  deleteUser,
  forgetAddressOfSentMessages,
  giftCardsOfClientRecord,
  lockUser,
  messagesSentTo,
  passwordHashOf,
  paymentsOfAppointments,
  remindersOf,
  sessionSignedInAt,
  sessionsOf,
  signInMethodsOf,
} from './queries';
import { ACCOUNT_MSG } from '../../../domain/texts/accounts';

// Privacy (RGPD / LOPDGDD, docs/decisions/026): a client downloads everything the salon
// holds about them, and deletes their account.

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime' | 'log' | 'rateLimit'>;

/** Passwords she may try to confirm a deletion in 15 minutes: enough for typos, not for guessing. */
export const DELETE_PROOF_RULE = { window: 15 * 60, max: 5 } as const;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Art. 15 and 20 RGPD: the account, its sign-in methods, every appointment with the notes the
 * client wrote, the salon's record of her (not the staff's private notes, ADR 019), her reminder
 * choice, the mails sent to her, who moved her appointments, what was paid for them and the gift
 * cards linked to her record (never a code), her signed consents (ADR 041), and her sessions (never a token).
 */
export async function exportMyData(ctx: Ctx, me: SessionUser) {
  const acc = await accountOf(ctx.db, me.id);
  if (!acc) throw notFound();
  const [methods, rows, record, reminders, sessions] = await Promise.all([
    signInMethodsOf(ctx.db, me.id),
    appointmentsForExport(ctx.db, me.id),
    clientRecordOf(ctx.db, me.id),
    remindersOf(ctx.db, me.id),
    sessionsOf(ctx.db, me.id),
  ]);
  const ids = rows.map((r) => r.id);
  const [sent, changes, recordChanges, bonos, paid, cards, consents] = await Promise.all([
    messagesSentTo(ctx.db, ids),
    changesOfAppointments(ctx.db, ids),
    record ? changesOfClientRecord(ctx.db, record.id) : Promise.resolve([]),
    record ? bonosForExport(ctx.db, record.id) : Promise.resolve([]),
    paymentsOfAppointments(ctx.db, ids),
    record ? giftCardsOfClientRecord(ctx.db, record.id) : Promise.resolve([]),
    record ? consentsForExport(ctx.db, record.id) : Promise.resolve([]),
  ]);
  return {
    exportedAt: ctx.now().toISOString(),
    account: {
      id: acc.id,
      email: acc.email,
      displayName: acc.name,
      role: acc.role,
      emailVerified: acc.emailVerified,
      photoURL: acc.image,
      createdAt: acc.createdAt.toISOString(),
      updatedAt: acc.updatedAt.toISOString(),
      signInMethods: methods.map((m) => ({
        provider: m.providerId === 'credential' ? 'email' : m.providerId,
        since: m.createdAt.toISOString(),
      })),
    },
    appointments: rows.map((r) => ({
      id: r.id,
      serviceName: r.serviceName,
      serviceDuration: r.serviceDuration,
      price: r.price,
      employeeName: r.employeeName,
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
      status: r.status,
      notes: r.notes,
      clientName: r.clientName,
      clientEmail: r.clientEmail,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    clientRecord: record
      ? {
          name: record.name,
          phone: record.phone,
          email: record.email,
          createdAt: iso(record.createdAt),
          updatedAt: iso(record.updatedAt),
          changes: recordChanges.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
        }
      : null,
    // ADR 037: her bonos and each session's state (the salon keeps them after a deletion, anonymised with her record).
    bonos: bonos.map((b) => ({
      ...b,
      soldAt: iso(b.soldAt),
      refundedAt: isoOrNull(b.refundedAt),
      sessionsUsed: b.sessionsUsed.map((s) => ({ ...s, reservedAt: iso(s.reservedAt), spentAt: isoOrNull(s.spentAt), releasedAt: isoOrNull(s.releasedAt) })),
    })),
    messagePreferences: { reminders },
    messagesSent: sent.map((m) => ({ ...m, sentAt: iso(m.sentAt) })),
    appointmentChanges: changes.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    // What was paid for her appointments, and the gift cards linked to her record (ADR 038, 039).
    payments: paid.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    giftCards: cards.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    // Her signed consents, with her answers (health data), the signature and who read them (ADR 041).
    consents: consents.map((d) => ({ ...d, signedAt: iso(d.signedAt), accessLog: d.accessLog.map((r) => ({ ...r, at: iso(r.at) })) })),
    sessions: sessions.map((x) => ({ ...x, createdAt: iso(x.createdAt), lastUsedAt: iso(x.lastUsedAt), expiresAt: iso(x.expiresAt) })),
  };
}

export type CancelledOnDeletion = { id: string; employeeId: string; startTime: Date; serviceName: string; employeeName: string };

/**
 * "The salon is told": the ONE place where a deleted account's cancelled appointments are
 * announced. Today a live event reaches the open agendas and admin lists; the messages (ADR 021)
 * can send the salon its email from here as well.
 */
export function tellSalonAboutDeletedAccount(ctx: Pick<Deps, 'realtime' | 'log'>, cancelled: CancelledOnDeletion[]): void {
  const byEmployee = new Map<string, Set<string>>();
  for (const a of cancelled) {
    const dates = byEmployee.get(a.employeeId) ?? new Set<string>();
    dates.add(salonDateOf(a.startTime, SALON_TIME_ZONE));
    byEmployee.set(a.employeeId, dates);
  }
  for (const [employeeId, dates] of byEmployee) ctx.realtime.publish({ type: 'appointments', employeeId, dates: [...dates].sort() });
  if (cancelled.length > 0) ctx.log.info({ cancelled: cancelled.length }, 'account deleted: future appointments cancelled');
}

/**
 * Deleting cannot be undone, so an open session alone is not enough (a borrowed phone, a shared
 * computer): her password, or a sign-in in the last five minutes, which is the only proof a
 * Google-only account can give (ADR 033). A password given must be right even when the sign-in is
 * recent. Session times are better-auth's real clock (http/session-clock.ts).
 */
async function checkItIsHer(ctx: Ctx, me: SessionUser, proof: { sessionId: string | null; password?: string }) {
  const refuse = () => new ApiError(403, 'reauthenticate', ACCOUNT_MSG.accountDeleteReauth);
  if (proof.password) {
    const tries = await ctx.rateLimit.consume(deleteProofKey(me.id), DELETE_PROOF_RULE);
    if (!tries.allowed) throw new ApiError(429, 'too_many_requests', MSG.tooManyRequests);
    const hash = await passwordHashOf(ctx.db, me.id);
    if (!hash || !(await verifyPassword({ hash, password: proof.password }))) throw refuse();
    return;
  }
  const signedInAt = proof.sessionId ? await sessionSignedInAt(ctx.db, proof.sessionId) : undefined;
  if (!signedInAt || !signedInRecently(signedInAt, sessionNow())) throw refuse();
}

/**
 * Art. 17 RGPD. Only a client deletes their own account here (staff accounts hold the salon's
 * agenda: the admin unlinks them first). One transaction: future confirmed appointments are
 * cancelled by the client, every appointment keeps the salon's books with name and email
 * replaced by 'Cliente eliminado' and the notes cleared, the reschedules she made lose her name,
 * the messages sent to her their address, then the account goes with its sessions and sign-in
 * methods. Nothing left names her (ADR 033).
 */
export async function deleteMyAccount(
  ctx: Ctx,
  me: SessionUser,
  proof: { sessionId: string | null; password?: string },
): Promise<{ cancelled: number; kept: number }> {
  if (me.role !== 'client') throw new ApiError(403, 'staff_account', STAFF_MSG.accountDeleteStaff);
  await checkItIsHer(ctx, me, proof);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const u = await lockUser(tx, me.id);
    if (!u) throw notFound();
    if (u.role !== 'client') throw new ApiError(403, 'staff_account', STAFF_MSG.accountDeleteStaff);
    const cancelled = await cancelFuture(tx, me.id, now);
    const kept = await anonymise(tx, me.id, MSG.deletedClientName, now);
    // The professionals hear of each cancelled appointment by email like any cancellation (ADR 021),
    // enqueued here so the deletion and its notices commit together; the client's own copy finds
    // no address any more and is recorded as no_email.
    for (const a of cancelled) await enqueueAppointmentMessages(tx, { kind: 'cancellation', appointmentId: a.id, now });
    await anonymiseGiftCards(tx, me.id, MSG.deletedClientName, now);
    await anonymiseClientRecord(tx, me.id, MSG.deletedClientName, now);
    await anonymiseChangesBy(tx, me.id, MSG.deletedClientName);
    await forgetAddressOfSentMessages(tx, me.id, u.email);
    await deleteUser(tx, me.id, u.email);
    return { cancelled, kept: kept.length };
  });
  tellSalonAboutDeletedAccount(ctx, result.cancelled);
  return { cancelled: result.cancelled.length, kept: result.kept };
}
