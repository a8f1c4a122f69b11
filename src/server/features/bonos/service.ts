import { eq } from 'drizzle-orm';
import { staffRecordName } from '../../accounts/staff-name';
import { existingServiceIds } from '../../db/service-ids';
import { bonoCounts, bonoTypeError, BONO_LIMITS, BONO_MSG } from '../../../domain/bonos';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { bonoChanges, bonos, bonoTypes } from '../../db/schema';
import type { Deps, SessionUser } from '../../http/env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import {
  allBonoTypes,
  bonosOfClient,
  bonoTypeById,
  changesOfBonos,
  clientRecordById,
  clientRecordOfUser,
  lockBono,
  releaseReserved,
  replaceTypeServices,
} from './queries';

// Bonos (ADR 037): the admin's types; the staff sell a bono to a client record and see
// hers; the admin extends or refunds one (audited); the client sees "Mis bonos". Reserving,
// spending and releasing sessions happen with the appointment itself (booking statements and
// the trigger appointments_bono_session), not here.

export type Ctx = Pick<Deps, 'db' | 'now'>;

export type BonoTypeInput = { name: string; serviceIds: string[]; sessions: number; price: number; validityMonths: number };

async function checkedType(ctx: Ctx, v: BonoTypeInput) {
  const serviceIds = [...new Set(v.serviceIds)];
  const problem = bonoTypeError({ ...v, serviceIds });
  if (problem) throw badRequest(problem);
  if ((await existingServiceIds(ctx.db, serviceIds.filter(isId))).length !== serviceIds.length) throw badRequest(BONO_MSG.serviceUnknown);
  return { name: v.name.trim(), sessions: v.sessions, price: v.price, validityMonths: v.validityMonths, serviceIds };
}

export const listBonoTypes = async (ctx: Ctx, onlyActive = false) => ({ bonoTypes: await allBonoTypes(ctx.db, onlyActive) });

export async function createBonoType(ctx: Ctx, input: BonoTypeInput) {
  const { serviceIds, ...v } = await checkedType(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [made] = await tx.insert(bonoTypes).values(v).returning({ id: bonoTypes.id });
    await replaceTypeServices(tx, made!.id, serviceIds);
    return made!.id;
  });
  return { bonoType: (await bonoTypeById(ctx.db, id))! };
}

export async function editBonoType(ctx: Ctx, id: string, input: BonoTypeInput) {
  if (!isId(id)) throw notFound(BONO_MSG.typeNotFound);
  const { serviceIds, ...v } = await checkedType(ctx, input);
  // The bonos already sold keep their copy of name, sessions and price; the services covered are the type's.
  const found = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(bonoTypes).set({ ...v, updatedAt: ctx.now() }).where(eq(bonoTypes.id, id)).returning({ id: bonoTypes.id });
    if (row) await replaceTypeServices(tx, id, serviceIds);
    return row;
  });
  if (!found) throw notFound(BONO_MSG.typeNotFound);
  return { bonoType: (await bonoTypeById(ctx.db, id))! };
}

export async function setBonoTypeActive(ctx: Ctx, id: string, isActive: boolean) {
  if (!isId(id)) throw notFound(BONO_MSG.typeNotFound);
  const [row] = await ctx.db.update(bonoTypes).set({ isActive, updatedAt: ctx.now() }).where(eq(bonoTypes.id, id)).returning({ id: bonoTypes.id });
  if (!row) throw notFound(BONO_MSG.typeNotFound);
  return { bonoType: (await bonoTypeById(ctx.db, id))! };
}

/** A client record's bonos as her record page shows them, with who sold them and the audit. */
export async function bonosJson(ctx: Ctx, clientId: string) {
  const { list, sessions, links } = await bonosOfClient(ctx.db, clientId);
  const changes = await changesOfBonos(ctx.db, list.map((b) => b.id));
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  return list.map((b) => {
    const own = sessions.filter((s) => s.bonoId === b.id);
    const counts = bonoCounts(b, own.map((s) => s.state));
    return {
      id: b.id,
      name: b.name,
      sessions: b.sessions,
      ...counts,
      expiresOn: b.expiresOn,
      expired: b.expiresOn < today,
      soldAt: b.soldAt,
      refunded: b.refundedAt !== null,
      services: links.filter((l) => l.bonoTypeId === b.bonoTypeId).map((l) => ({ id: l.serviceId, name: l.serviceName })),
      history: own.filter((s) => s.state !== 'released').map((s) => ({ appointmentId: s.appointmentId, state: s.state, startTime: s.startTime, serviceName: s.serviceName })),
      price: b.price,
      amount: b.amount,
      discountReason: b.discountReason,
      paymentMethod: b.paymentMethod,
      soldByName: b.soldByName,
      refundedAt: b.refundedAt,
      refundReason: b.refundReason,
      changes: changes.filter((c) => c.bonoId === b.id).map(({ bonoId: _b, ...c }) => c),
    };
  });
}

export async function recordOr404(ctx: Ctx, clientId: string) {
  const record = isId(clientId) ? await clientRecordById(ctx.db, clientId) : undefined;
  if (!record) throw notFound(STAFF_MSG.clientNotFound);
  return record;
}

export async function clientBonos(ctx: Ctx, clientId: string) {
  await recordOr404(ctx, clientId);
  return { bonos: await bonosJson(ctx, clientId) };
}

/** "Mis bonos": the bonos of her own record (none yet: an empty list). */
export async function myBonos(ctx: Ctx, user: SessionUser) {
  const record = await clientRecordOfUser(ctx.db, user.id);
  // Hers without the staff's details: who sold it, the refund's reason, the audit and a discount's reason.
  const all = record ? await bonosJson(ctx, record.id) : [];
  return { bonos: all.map(({ soldByName: _s, refundedAt: _r, refundReason: _rr, changes: _c, discountReason: _d, ...mine }) => mine) };
}

function reasonOf(reason: string) {
  const r = reason.trim();
  if (!r) throw badRequest(BONO_MSG.reasonRequired);
  if (r.length > BONO_LIMITS.reasonMax) throw badRequest(BONO_MSG.reasonTooLong);
  return r;
}

/** The admin extends a bono's expiry (only later), with a reason, audited. */
export async function extendBono(ctx: Ctx, actor: SessionUser, id: string, input: { expiresOn: string; reason: string }) {
  if (!isId(id)) throw notFound(BONO_MSG.bonoNotFound);
  const reason = reasonOf(input.reason);
  const clientId = await ctx.db.transaction(async (tx) => {
    const b = await lockBono(tx, id);
    if (!b) throw notFound(BONO_MSG.bonoNotFound);
    if (b.refundedAt) throw conflict(BONO_MSG.bonoRefunded, 'bono_refunded');
    if (input.expiresOn <= b.expiresOn) throw badRequest(BONO_MSG.expiryNotLater);
    await tx.update(bonos).set({ expiresOn: input.expiresOn, updatedAt: ctx.now() }).where(eq(bonos.id, id));
    await tx.insert(bonoChanges).values({ bonoId: id, action: 'extended', reason, changedByUserId: actor.id, changedByName: await staffRecordName(tx, actor), before: { expiresOn: b.expiresOn }, after: { expiresOn: input.expiresOn }, createdAt: ctx.now() });
    return b.clientId;
  });
  return { bono: (await bonosJson(ctx, clientId)).find((b) => b.id === id)! };
}

/** The admin refunds a bono, with a reason, audited: its reserved sessions are given back (those visits are paid normally). */
export async function refundBono(ctx: Ctx, actor: SessionUser, id: string, input: { reason: string }) {
  if (!isId(id)) throw notFound(BONO_MSG.bonoNotFound);
  const reason = reasonOf(input.reason);
  const now = ctx.now();
  const clientId = await ctx.db.transaction(async (tx) => {
    const b = await lockBono(tx, id);
    if (!b) throw notFound(BONO_MSG.bonoNotFound);
    if (b.refundedAt) throw conflict(BONO_MSG.bonoRefunded, 'bono_refunded');
    await releaseReserved(tx, id, now);
    await tx.update(bonos).set({ refundedAt: now, refundReason: reason, refundedByUserId: actor.id, updatedAt: now }).where(eq(bonos.id, id));
    await tx.insert(bonoChanges).values({ bonoId: id, action: 'refunded', reason, changedByUserId: actor.id, changedByName: await staffRecordName(tx, actor), before: { refundedAt: null }, after: { refundedAt: now.toISOString() }, createdAt: now });
    return b.clientId;
  });
  return { bono: (await bonosJson(ctx, clientId)).find((b) => b.id === id)! };
}
