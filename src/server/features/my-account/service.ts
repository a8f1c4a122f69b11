import { enqueueAppointmentMessages } from '../../messages/enqueue';
import { MSG } from '../../../domain/messages';
import { STAFF_MSG } from '../../../domain/staff-messages';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { ApiError, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { accountOf, anonymise, anonymiseClientRecord, appointmentsForExport, cancelFuture, deleteUser, lockUser, signInMethodsOf } from './queries';

// Privacy (RGPD / LOPDGDD, issue 16, docs/decisions/026): a client downloads everything the salon
// holds about them, and deletes their account.

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime' | 'log'>;

/** Art. 15 and 20 RGPD: the account, its sign-in methods, and every appointment with the notes the client wrote. */
export async function exportMyData(ctx: Ctx, me: SessionUser) {
  const acc = await accountOf(ctx.db, me.id);
  if (!acc) throw notFound();
  const [methods, rows] = await Promise.all([signInMethodsOf(ctx.db, me.id), appointmentsForExport(ctx.db, me.id)]);
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
      signInMethods: methods.map((m) => ({ provider: m.providerId === 'credential' ? 'email' : m.providerId, since: m.createdAt.toISOString() })),
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
  };
}

export type CancelledOnDeletion = { id: string; employeeId: string; startTime: Date; serviceName: string; employeeName: string };

/**
 * "The salon is told": the ONE place where a deleted account's cancelled appointments are
 * announced. Today a live event reaches the open agendas and admin lists; issue 14 (messages)
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
 * Art. 17 RGPD. Only a client deletes their own account here (staff accounts hold the salon's
 * agenda: the admin unlinks them first). One transaction: future confirmed appointments are
 * cancelled by the client, every appointment keeps the salon's books with name and email
 * replaced by 'Cliente eliminado' and the notes cleared, then the account goes with its
 * sessions and sign-in methods.
 */
export async function deleteMyAccount(ctx: Ctx, me: SessionUser): Promise<{ cancelled: number; kept: number }> {
  if (me.role !== 'client') throw new ApiError(403, 'staff_account', STAFF_MSG.accountDeleteStaff);
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
    await anonymiseClientRecord(tx, me.id, MSG.deletedClientName, now);
    await deleteUser(tx, me.id, u.email);
    return { cancelled, kept: kept.length };
  });
  tellSalonAboutDeletedAccount(ctx, result.cancelled);
  return { cancelled: result.cancelled.length, kept: result.kept };
}
