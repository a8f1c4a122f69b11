import { and, asc, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointments, bonoSessions, giftCards, paymentCorrections, payments } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

const appointmentFacts = {
  id: appointments.id,
  price: appointments.price,
  status: appointments.status,
  employeeId: appointments.employeeId,
  employeeName: appointments.employeeName,
  serviceName: appointments.serviceName,
  clientName: appointments.clientName,
  startTime: appointments.startTime,
};

export async function appointmentFactsOf(db: Reader, id: string) {
  const [row] = await db.select(appointmentFacts).from(appointments).where(eq(appointments.id, id));
  return row;
}

/** The appointment locked: two payments of it at once are decided one after the other (never above its price). */
export async function lockAppointment(tx: Tx, id: string) {
  const [row] = await tx.select(appointmentFacts).from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

/** A line voided or corrected by the admin (ADR 054): when, by whom, why; null while it stands. */
const voidedColumns = {
  voidedAt: paymentCorrections.createdAt,
  voidKind: paymentCorrections.kind,
  voidReason: paymentCorrections.reason,
  voidedByName: paymentCorrections.byName,
};

/** An appointment's payment lines, oldest first, a card line with its card's last symbols; voided ones say so. */
export function paymentsOf(db: Reader, appointmentId: string) {
  return db
    .select({
      id: payments.id,
      method: payments.method,
      amount: payments.amount,
      discountReason: payments.discountReason,
      recordedByName: payments.recordedByName,
      createdAt: payments.createdAt,
      giftCardId: payments.giftCardId,
      giftCardLast4: giftCards.codeLast4,
      ...voidedColumns,
    })
    .from(payments)
    .leftJoin(giftCards, eq(giftCards.id, payments.giftCardId))
    .leftJoin(paymentCorrections, eq(paymentCorrections.paymentId, payments.id))
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert) {
  await tx.insert(payments).values(values);
}

// ---- the Caja del día: what happened between the start of a salon day and the next ----

/** The payments recorded that day (when the money was taken, whatever day the appointment was). */
export function paymentsBetween(db: Reader, start: Date, end: Date) {
  return db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      method: payments.method,
      amount: payments.amount,
      discountReason: payments.discountReason,
      recordedByName: payments.recordedByName,
      giftCardLast4: giftCards.codeLast4,
      ...voidedColumns,
      appointmentId: appointments.id,
      startTime: appointments.startTime,
      serviceName: appointments.serviceName,
      clientName: appointments.clientName,
      employeeName: appointments.employeeName,
      price: appointments.price,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(giftCards, eq(giftCards.id, payments.giftCardId))
    .leftJoin(paymentCorrections, eq(paymentCorrections.paymentId, payments.id))
    .where(and(gte(payments.createdAt, start), lt(payments.createdAt, end)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export function giftCardsSoldBetween(db: Reader, start: Date, end: Date) {
  return db
    .select({
      id: giftCards.id,
      createdAt: giftCards.createdAt,
      // What came into the till (ADR 052): a card for a service may be sold below its amount.
      amount: giftCards.saleAmount,
      saleMethod: giftCards.saleMethod,
      serviceName: giftCards.serviceName,
      buyerName: giftCards.buyerName,
      discountReason: giftCards.discountReason,
      soldByName: giftCards.soldByName,
      codeLast4: giftCards.codeLast4,
    })
    .from(giftCards)
    .where(and(gte(giftCards.createdAt, start), lt(giftCards.createdAt, end)))
    .orderBy(asc(giftCards.createdAt));
}

/** Appointments of that day marked completed with no payment line standing, nor a bono's session spent. */
export function completedWithoutPayment(db: Reader, start: Date, end: Date) {
  return db
    .select({
      id: appointments.id,
      startTime: appointments.startTime,
      serviceName: appointments.serviceName,
      clientName: appointments.clientName,
      employeeName: appointments.employeeName,
      price: appointments.price,
    })
    .from(appointments)
    .where(
      and(
        gte(appointments.startTime, start),
        lt(appointments.startTime, end),
        eq(appointments.status, 'completed'),
        // A voided line is no payment (ADR 054).
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.appointmentId, appointments.id), notExists(db.select({ one: sql`1` }).from(paymentCorrections).where(eq(paymentCorrections.paymentId, payments.id))))),
        ),
        // Paid with a bono: the session the completion spent is its payment (ADR 037).
        notExists(db.select({ one: sql`1` }).from(bonoSessions).where(and(eq(bonoSessions.appointmentId, appointments.id), eq(bonoSessions.state, 'spent')))),
      ),
    )
    .orderBy(asc(appointments.startTime));
}
