import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, bonos, bonoSessions, clients } from '../../db/schema';

// What the Caja del día reads of the bonos (ADR 037): a bono's sale is money in, like a gift
// card's; a session spent is the appointment paid with the bono, recorded by the bono itself (the
// trigger appointments_bono_session spends it on completion or a missed visit), never by the desk.

type Reader = Pick<Db, 'select'>;

/** The bono an appointment is paid with: its session reserved (until the visit) or spent, if any. */
export async function bonoOfAppointment(db: Reader, appointmentId: string) {
  const [row] = await db
    .select({ name: bonos.name, state: bonoSessions.state })
    .from(bonoSessions)
    .innerJoin(bonos, eq(bonos.id, bonoSessions.bonoId))
    .where(and(eq(bonoSessions.appointmentId, appointmentId), inArray(bonoSessions.state, ['reserved', 'spent'])));
  return row;
}

/** The bonos sold that day, with the sale's method and amount (a refunded one stays: it was sold). */
export function bonosSoldBetween(db: Reader, start: Date, end: Date) {
  return db
    .select({
      id: bonos.id,
      soldAt: bonos.soldAt,
      name: bonos.name,
      clientName: clients.name,
      paymentMethod: bonos.paymentMethod,
      amount: bonos.amount,
      discountReason: bonos.discountReason,
      soldByName: bonos.soldByName,
    })
    .from(bonos)
    .innerJoin(clients, eq(clients.id, bonos.clientId))
    .where(and(gte(bonos.soldAt, start), lt(bonos.soldAt, end)))
    .orderBy(asc(bonos.soldAt), asc(bonos.id));
}

/** The sessions spent that day: each is its appointment paid with a bono, at the appointment's price. */
export function bonoSessionsSpentBetween(db: Reader, start: Date, end: Date) {
  return db
    .select({
      appointmentId: appointments.id,
      spentAt: bonoSessions.spentAt,
      bonoName: bonos.name,
      startTime: appointments.startTime,
      serviceName: appointments.serviceName,
      clientName: appointments.clientName,
      employeeName: appointments.employeeName,
      price: appointments.price,
      status: appointments.status,
    })
    .from(bonoSessions)
    .innerJoin(bonos, eq(bonos.id, bonoSessions.bonoId))
    .innerJoin(appointments, eq(appointments.id, bonoSessions.appointmentId))
    .where(and(eq(bonoSessions.state, 'spent'), gte(bonoSessions.spentAt, start), lt(bonoSessions.spentAt, end)))
    .orderBy(asc(bonoSessions.spentAt), asc(appointments.id));
}
