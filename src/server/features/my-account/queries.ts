import { and, asc, eq, gt, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, appointments, clients, rateLimit, user, verification } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function accountOf(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified, image: user.image, createdAt: user.createdAt, updatedAt: user.updatedAt })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

export function signInMethodsOf(db: Db, userId: string) {
  return db.select({ providerId: account.providerId, createdAt: account.createdAt }).from(account).where(eq(account.userId, userId)).orderBy(asc(account.createdAt));
}

/** Every appointment the client holds, oldest first, with what they wrote. */
export function appointmentsForExport(db: Db, clientId: string) {
  return db
    .select({
      id: appointments.id,
      serviceName: appointments.serviceName,
      serviceDuration: appointments.serviceDuration,
      price: appointments.price,
      employeeName: appointments.employeeName,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      notes: appointments.notes_client,
      clientName: appointments.clientName,
      clientEmail: appointments.clientEmail,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
    })
    .from(appointments)
    .where(eq(appointments.clientId, clientId))
    .orderBy(asc(appointments.startTime));
}

/** The user row locked, so a booking in flight for this client waits (appointments.client_id references it). */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, userId)).for('update');
  return row;
}

/** Future confirmed appointments become cancelled by the client; returns them for the live event and the notice. */
export function cancelFuture(tx: Tx, clientId: string, now: Date) {
  return tx
    .update(appointments)
    .set({ status: 'cancelled_by_client', updatedAt: now })
    .where(and(eq(appointments.clientId, clientId), eq(appointments.status, 'confirmed'), gt(appointments.startTime, now)))
    .returning({ id: appointments.id, employeeId: appointments.employeeId, startTime: appointments.startTime, serviceName: appointments.serviceName, employeeName: appointments.employeeName });
}

/** Every appointment of the client keeps the salon's books, without who it was or what they wrote. */
export function anonymise(tx: Tx, clientId: string, placeholder: string, now: Date) {
  return tx
    .update(appointments)
    .set({ clientName: placeholder, clientEmail: placeholder, notes_client: '', updatedAt: now })
    .where(eq(appointments.clientId, clientId))
    .returning({ id: appointments.id });
}

/**
 * The salon's record of this person (issue 13's client records) keeps the visits it counts but no
 * longer who it was: name replaced, email, phone and the staff's notes gone.
 */
export async function anonymiseClientRecord(tx: Tx, userId: string, placeholder: string, now: Date) {
  await tx.update(clients).set({ name: placeholder, email: null, phone: null, notes: '', updatedAt: now }).where(eq(clients.userId, userId));
}

/** The account itself: sessions and sign-in methods go with it (ON DELETE CASCADE), appointments keep a NULL client. */
export async function deleteUser(tx: Tx, userId: string, email: string) {
  await tx.delete(verification).where(or(eq(verification.value, userId), like(verification.identifier, `%${email.replace(/[%_\\]/g, '\\$&')}%`)));
  await tx.delete(rateLimit).where(like(rateLimit.key, sql`${'%' + email.replace(/[%_\\]/g, '\\$&') + '%'}`));
  await tx.delete(user).where(eq(user.id, userId));
}
