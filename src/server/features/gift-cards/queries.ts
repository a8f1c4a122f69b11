import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardColumns } from '../../db/gift-card-codes';
import { appointments, clients, giftCards, payments, services } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

/** The most recent cards first: the desk's list (a salon sells a few hundred a year). */
export function recentGiftCards(db: Reader, limit = 100) {
  return db.select(giftCardColumns).from(giftCards).orderBy(desc(giftCards.createdAt)).limit(limit);
}

export async function giftCardById(db: Reader, id: string) {
  const [row] = await db.select(giftCardColumns).from(giftCards).where(eq(giftCards.id, id));
  return row;
}

/** What the card paid, newest first: its payment lines, with the appointment they paid. */
export function redemptionsOf(db: Reader, giftCardId: string) {
  return db
    .select({
      id: payments.id,
      amount: payments.amount,
      createdAt: payments.createdAt,
      recordedByName: payments.recordedByName,
      serviceName: appointments.serviceName,
      clientName: appointments.clientName,
      startTime: appointments.startTime,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    // A voided line gave its amount back to the card (ADR 054): it is no use of the card.
    .where(and(eq(payments.giftCardId, giftCardId), sql`NOT EXISTS (SELECT 1 FROM payment_corrections c WHERE c.payment_id = ${payments.id})`))
    .orderBy(desc(payments.createdAt));
}

export async function activeService(db: Reader, id: string) {
  const [row] = await db
    .select({ id: services.id, name: services.name, price: services.price })
    .from(services)
    .where(and(eq(services.id, id), eq(services.isActive, true)));
  return row;
}

export async function clientRecordExists(db: Reader, id: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  return Boolean(row);
}

export type NewGiftCard = typeof giftCards.$inferInsert;

export async function insertGiftCard(db: Pick<Db, 'insert'>, values: NewGiftCard) {
  const [row] = await db.insert(giftCards).values(values).returning({ id: giftCards.id });
  return row!.id;
}
