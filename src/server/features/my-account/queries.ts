import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { bookingKey, deleteProofKey, perAccountKey, PER_ACCOUNT_PATHS, signInFailuresKey } from '../../auth/rate-limit-keys';
import { storedIdentifier } from '../../auth/verification-identifier';
import { appointmentChange, appointmentForClient } from '../../db/appointment-columns';
import type { Db, Tx } from '../../db/client';
import { signedDocumentColumns } from '../../db/consent-document-columns';
import {
  account,
  appointmentChanges,
  appointments,
  bonos,
  bonoSessions,
  clientRecordChanges,
  clients,
  consentAccessLog,
  consentDocuments,
  consentTemplateVersions,
  giftCards,
  messagePreferences,
  payments,
  rateLimit,
  sentMessages,
  session,
  user,
  verification,
  waitingListEntries,
} from '../../db/schema';

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
      ...appointmentForClient,
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
 * The salon's record of this person (a client record, ADR 019) keeps the visits it counts but no
 * longer who it was: name replaced, email, phone, her channel (ADR 057) and the staff's notes gone.
 */
export async function anonymiseClientRecord(tx: Tx, userId: string, placeholder: string, now: Date) {
  await tx.update(clients).set({ name: placeholder, email: null, phone: null, messageChannel: null, notes: '', updatedAt: now }).where(eq(clients.userId, userId));
  // Her waiting-list entries go (and their offers with them): nothing more is offered to her (ADR 070).
  await tx.delete(waitingListEntries).where(inArray(waitingListEntries.clientId, tx.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId))));
}

/** When the session making the request signed in (better-auth's real clock). */
export async function sessionSignedInAt(db: Db, sessionId: string) {
  const [row] = await db.select({ createdAt: session.createdAt }).from(session).where(eq(session.id, sessionId));
  return row?.createdAt;
}

/** The account's password hash, if it signs in with a password (a Google-only account has none). */
export async function passwordHashOf(db: Db, userId: string) {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

/** The reschedules she made herself no longer carry her name (the audit keeps what moved and when). */
export async function anonymiseChangesBy(tx: Tx, userId: string, placeholder: string) {
  await tx.update(appointmentChanges).set({ changedByName: placeholder }).where(eq(appointmentChanges.changedByUserId, userId));
  // Her record's audit says a client created it, not which one.
  await tx.update(clientRecordChanges).set({ changedByName: placeholder }).where(eq(clientRecordChanges.changedByUserId, userId));
}

/** Who created and changed the salon's record of her, and when. */
export function changesOfClientRecord(db: Db, clientId: string) {
  return db
    .select({ action: clientRecordChanges.action, changedByName: clientRecordChanges.changedByName, changedByRole: clientRecordChanges.changedByRole, createdAt: clientRecordChanges.createdAt })
    .from(clientRecordChanges)
    .where(eq(clientRecordChanges.clientId, clientId))
    .orderBy(asc(clientRecordChanges.createdAt));
}

/**
 * The messages sent to her keep their outcome, not her address (her email or phone) nor the
 * provider's id of them (Meta and Twilio keep her number under it); her answers to them go (ADR 057).
 */
export async function forgetAddressOfSentMessages(tx: Tx, userId: string, email: string) {
  await tx.execute(sql`UPDATE sent_messages SET sent_to = NULL, provider_id = NULL
    WHERE recipient = 'client' AND (sent_to IS NOT NULL OR provider_id IS NOT NULL)
      AND (appointment_id IN (SELECT id FROM appointments WHERE client_id = ${userId}) OR lower(sent_to) = lower(${email}))`);
  await tx.execute(sql`DELETE FROM message_replies WHERE appointment_id IN (SELECT id FROM appointments WHERE client_id = ${userId})`);
}

/**
 * The account itself: sessions and sign-in methods go with it (ON DELETE CASCADE), appointments
 * keep a NULL client. Its reset tokens and its rate-limit counters go too, by their exact keys
 * (auth/rate-limit-keys.ts): a pattern on the email also matched other accounts ('xa@…' for 'a@…').
 * The per-address sign-in counters are `signin-fail:<email>:<address>`: the prefix through the ':'
 * after the email names this email only (no email's domain holds a ':').
 */
export async function deleteUser(tx: Tx, userId: string, email: string) {
  const e = email.trim().toLowerCase();
  // Identifiers are stored hashed (auth/verification-identifier.ts); a row written before that, plain.
  await tx.delete(verification).where(or(eq(verification.value, userId), inArray(verification.identifier, [e, storedIdentifier(e)])));
  const exact = [signInFailuresKey(e), bookingKey(userId), deleteProofKey(userId), ...PER_ACCOUNT_PATHS.map((p) => perAccountKey(p, e))];
  const pairPrefix = `${signInFailuresKey(e)}:`;
  await tx.delete(rateLimit).where(or(inArray(rateLimit.key, exact), sql`left(${rateLimit.key}, ${pairPrefix.length}) = ${pairPrefix}`));
  await tx.delete(user).where(eq(user.id, userId));
}

// ---- the export's other parts (art. 15 RGPD: everything the salon keeps about her) ----

/** The salon's record of her, without the staff's private notes (ADR 019: never in a client's answer). */
export async function clientRecordOf(db: Db, userId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, phone: clients.phone, email: clients.email, messageChannel: clients.messageChannel, createdAt: clients.createdAt, updatedAt: clients.updatedAt })
    .from(clients)
    .where(eq(clients.userId, userId));
  return row;
}

export async function remindersOf(db: Db, userId: string) {
  const [row] = await db.select({ reminders: messagePreferences.reminders }).from(messagePreferences).where(eq(messagePreferences.userId, userId));
  return row?.reminders ?? true;
}

/** The messages sent to her about her appointments, by any channel (not the professional's copies). */
export function messagesSentTo(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      appointmentId: sentMessages.appointmentId,
      kind: sentMessages.kind,
      channel: sentMessages.channel,
      sentTo: sentMessages.sentTo,
      outcome: sentMessages.outcome,
      deliveryStatus: sentMessages.deliveryStatus,
      sentAt: sentMessages.sentAt,
    })
    .from(sentMessages)
    .where(and(inArray(sentMessages.appointmentId, appointmentIds), eq(sentMessages.recipient, 'client')))
    .orderBy(asc(sentMessages.sentAt));
}

/** Who moved her appointments, and when. */
export function changesOfAppointments(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ appointmentId: appointmentChanges.appointmentId, ...appointmentChange })
    .from(appointmentChanges)
    .where(inArray(appointmentChanges.appointmentId, appointmentIds))
    .orderBy(asc(appointmentChanges.createdAt));
}

/** Her sessions: when, from where, with what; never the token that opens them. */
export function sessionsOf(db: Db, userId: string) {
  return db
    .select({ createdAt: session.createdAt, lastUsedAt: session.updatedAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
}

/** Her bonos (ADR 037), with each session's appointment and state, for the export. */
export async function bonosForExport(db: Db, clientRecordId: string) {
  const list = await db
    .select({ id: bonos.id, name: bonos.name, sessions: bonos.sessions, price: bonos.price, amount: bonos.amount, paymentMethod: bonos.paymentMethod, soldAt: bonos.soldAt, expiresOn: bonos.expiresOn, refundedAt: bonos.refundedAt })
    .from(bonos)
    .where(eq(bonos.clientId, clientRecordId))
    .orderBy(asc(bonos.soldAt));
  const sessions = list.length
    ? await db
        .select({ bonoId: bonoSessions.bonoId, appointmentId: bonoSessions.appointmentId, state: bonoSessions.state, reservedAt: bonoSessions.reservedAt, spentAt: bonoSessions.spentAt, releasedAt: bonoSessions.releasedAt })
        .from(bonoSessions)
        .where(inArray(bonoSessions.bonoId, list.map((b) => b.id)))
    : [];
  return list.map((b) => ({ ...b, sessionsUsed: sessions.filter((s) => s.bonoId === b.id).map(({ bonoId: _b, ...s }) => s) }));
}

/**
 * Her signed consents (ADR 041): the text she signed, her answers, the signature image (base64),
 * how and when, its hash, and who read it (art. 15: the recipients of her data).
 */
export async function consentsForExport(db: Db, clientRecordId: string) {
  const docs = await db
    .select(signedDocumentColumns)
    .from(consentDocuments)
    .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentDocuments.templateVersionId))
    .where(eq(consentDocuments.clientRecordId, clientRecordId))
    .orderBy(asc(consentDocuments.signedAt), asc(consentDocuments.id));
  const reads = docs.length
    ? await db
        // Refused attempts too (ADR 051): art. 15 asks who her data was shown to, and who tried.
        .select({
          documentId: consentAccessLog.documentId,
          at: consentAccessLog.at,
          viewerName: consentAccessLog.viewerName,
          viewerKind: consentAccessLog.viewerKind,
          action: consentAccessLog.action,
          outcome: consentAccessLog.outcome,
        })
        .from(consentAccessLog)
        .where(inArray(consentAccessLog.documentId, docs.map((d) => d.id)))
        .orderBy(asc(consentAccessLog.at), asc(consentAccessLog.id))
    : [];
  return docs.map(({ signaturePng, ...d }) => ({
    ...d,
    signaturePngBase64: signaturePng.toString('base64'),
    accessLog: reads.filter((r) => r.documentId === d.id).map(({ documentId: _d, ...r }) => r),
  }));
}

/** What was paid for her appointments (ADR 039): the salon's money record, never a card's code. */
export function paymentsOfAppointments(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      appointmentId: payments.appointmentId,
      method: payments.method,
      amount: payments.amount,
      discountReason: payments.discountReason,
      createdAt: payments.createdAt,
      // Voided or corrected by the salon (ADR 054): the line stays in her record, marked.
      voided: sql<boolean>`EXISTS (SELECT 1 FROM payment_corrections c WHERE c.payment_id = ${payments.id})`,
    })
    .from(payments)
    .where(inArray(payments.appointmentId, appointmentIds))
    .orderBy(asc(payments.createdAt));
}

/** The gift cards the desk linked to her record as buyer or recipient (ADR 038): the card, never its code. */
export function giftCardsOfClientRecord(db: Db, clientId: string) {
  return db
    .select({
      amount: giftCards.amount,
      balance: giftCards.balance,
      serviceName: giftCards.serviceName,
      buyerName: giftCards.buyerName,
      recipientName: giftCards.recipientName,
      lastDay: giftCards.lastDay,
      boughtByHer: sql<boolean>`${giftCards.buyerClientId} IS NOT DISTINCT FROM ${clientId}`,
      receivedByHer: sql<boolean>`${giftCards.recipientClientId} IS NOT DISTINCT FROM ${clientId}`,
      createdAt: giftCards.createdAt,
    })
    .from(giftCards)
    .where(or(eq(giftCards.buyerClientId, clientId), eq(giftCards.recipientClientId, clientId)))
    .orderBy(asc(giftCards.createdAt));
}

/**
 * Her account's deletion keeps the salon's money records (the cards' amounts and balances) but not
 * her name on them: the buyer's or recipient's name on a card linked to her record is replaced.
 */
export async function anonymiseGiftCards(tx: Tx, userId: string, placeholder: string, now: Date) {
  const record = tx.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId));
  await tx.update(giftCards).set({ buyerName: placeholder, updatedAt: now }).where(inArray(giftCards.buyerClientId, record));
  await tx.update(giftCards).set({ recipientName: placeholder, updatedAt: now }).where(inArray(giftCards.recipientClientId, record));
}
