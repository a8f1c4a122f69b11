import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointments, bonoChanges, bonoSessions, bonos, bonoTypeServices, bonoTypes, clients, services } from '../../db/schema';

// Bonos (ADR 037): the types, the bonos of a client record, their sessions and their audit.

export type BonoTypeRow = { id: string; name: string; sessions: number; price: number; validityMonths: number; isActive: boolean; serviceIds: string[] };

export async function allBonoTypes(db: Db | Tx, onlyActive = false): Promise<BonoTypeRow[]> {
  const types = await db
    .select({ id: bonoTypes.id, name: bonoTypes.name, sessions: bonoTypes.sessions, price: bonoTypes.price, validityMonths: bonoTypes.validityMonths, isActive: bonoTypes.isActive })
    .from(bonoTypes)
    .where(onlyActive ? eq(bonoTypes.isActive, true) : undefined)
    .orderBy(asc(bonoTypes.name), asc(bonoTypes.createdAt));
  const links = types.length ? await db.select().from(bonoTypeServices).where(inArray(bonoTypeServices.bonoTypeId, types.map((t) => t.id))) : [];
  return types.map((t) => ({ ...t, serviceIds: links.filter((l) => l.bonoTypeId === t.id).map((l) => l.serviceId) }));
}

export async function bonoTypeById(db: Db | Tx, id: string) {
  const [row] = (await allBonoTypes(db)).filter((t) => t.id === id);
  return row;
}

export async function replaceTypeServices(tx: Tx, typeId: string, serviceIds: string[]) {
  await tx.delete(bonoTypeServices).where(eq(bonoTypeServices.bonoTypeId, typeId));
  if (serviceIds.length) await tx.insert(bonoTypeServices).values(serviceIds.map((serviceId) => ({ bonoTypeId: typeId, serviceId })));
}

export async function clientRecordById(db: Db | Tx, id: string) {
  const [row] = await db.select({ id: clients.id, userId: clients.userId }).from(clients).where(eq(clients.id, id));
  return row;
}

export async function clientRecordOfUser(db: Db, userId: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId));
  return row;
}

const bonoColumns = {
  id: bonos.id,
  bonoTypeId: bonos.bonoTypeId,
  clientId: bonos.clientId,
  name: bonos.name,
  sessions: bonos.sessions,
  price: bonos.price,
  sessionsHeld: bonos.sessionsHeld,
  soldAt: bonos.soldAt,
  expiresOn: bonos.expiresOn,
  paymentMethod: bonos.paymentMethod,
  amount: bonos.amount,
  discountReason: bonos.discountReason,
  soldByName: bonos.soldByName,
  refundedAt: bonos.refundedAt,
  refundReason: bonos.refundReason,
};

export type BonoSessionRow = { bonoId: string; appointmentId: string; state: 'reserved' | 'spent' | 'released'; startTime: Date; serviceName: string; status: string };

/** A client record's bonos, newest first, with each session's appointment (date, service). */
export async function bonosOfClient(db: Db | Tx, clientId: string) {
  const list = await db.select(bonoColumns).from(bonos).where(eq(bonos.clientId, clientId)).orderBy(desc(bonos.soldAt));
  const sessions: BonoSessionRow[] = list.length
    ? await db
        .select({ bonoId: bonoSessions.bonoId, appointmentId: bonoSessions.appointmentId, state: bonoSessions.state, startTime: appointments.startTime, serviceName: appointments.serviceName, status: appointments.status })
        .from(bonoSessions)
        .innerJoin(appointments, eq(appointments.id, bonoSessions.appointmentId))
        .where(inArray(bonoSessions.bonoId, list.map((b) => b.id)))
        .orderBy(asc(appointments.startTime))
    : [];
  const links = list.length
    ? await db
        .select({ bonoTypeId: bonoTypeServices.bonoTypeId, serviceId: bonoTypeServices.serviceId, serviceName: services.name })
        .from(bonoTypeServices)
        .innerJoin(services, eq(services.id, bonoTypeServices.serviceId))
        .where(inArray(bonoTypeServices.bonoTypeId, [...new Set(list.map((b) => b.bonoTypeId))]))
    : [];
  return { list, sessions, links };
}

export async function lockBono(tx: Tx, id: string) {
  const [row] = await tx.select(bonoColumns).from(bonos).where(eq(bonos.id, id)).for('update');
  return row;
}

export function changesOfBonos(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ bonoId: bonoChanges.bonoId, action: bonoChanges.action, reason: bonoChanges.reason, changedByName: bonoChanges.changedByName, before: bonoChanges.before, after: bonoChanges.after, createdAt: bonoChanges.createdAt })
    .from(bonoChanges)
    .where(inArray(bonoChanges.bonoId, ids))
    .orderBy(asc(bonoChanges.createdAt));
}

/** A refund gives back the sessions still reserved: those visits are paid normally. */
export async function releaseReserved(tx: Tx, bonoId: string, at: Date) {
  const released = await tx
    .update(bonoSessions)
    .set({ state: 'released', releasedAt: at })
    .where(and(eq(bonoSessions.bonoId, bonoId), eq(bonoSessions.state, 'reserved')))
    .returning({ id: bonoSessions.id });
  if (released.length) await tx.update(bonos).set({ sessionsHeld: sql`${bonos.sessionsHeld} - ${released.length}`, updatedAt: at }).where(eq(bonos.id, bonoId));
  return released.length;
}
