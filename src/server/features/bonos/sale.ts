import { BONO_MSG, expiryOf } from '../../../domain/bonos';
import type { SaleMethod } from '../../../domain/payment-methods';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { staffRecordName } from '../../accounts/staff-name';
import { clientLockKey, lockClient } from '../../db/client-lock';
import { discountRefusal } from '../../db/salon-settings';
import { bonos } from '../../db/schema';
import type { SessionUser } from '../../http/env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { lockUncoveredVisits, takeSessionFor, uncoveredVisits } from './attach-queries';
import { bonoTypeById } from './queries';
import { bonosJson, recordOr404, type Ctx } from './service';

// The front desk sells a bono (ADR 037) at its type's price, or at another with a reason within
// the owner's limit (ADR 052), and may have it cover the visits she already booked (ADR 053).

export type SaleInput = { bonoTypeId: string; paymentMethod: SaleMethod; amount?: number; discountReason?: string; appointmentIds?: string[] };

async function activeType(ctx: Ctx, bonoTypeId: string) {
  const type = isId(bonoTypeId) ? await bonoTypeById(ctx.db, bonoTypeId) : undefined;
  if (!type) throw notFound(BONO_MSG.typeNotFound);
  if (!type.isActive) throw conflict(BONO_MSG.typeInactive, 'bono_type_inactive');
  return type;
}

/** Her visits already booked that a bono of this type could cover: the sale form offers each. */
export async function visitsForNewBono(ctx: Ctx, clientId: string, bonoTypeId: string) {
  await recordOr404(ctx, clientId);
  const type = await activeType(ctx, bonoTypeId);
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const visits = await uncoveredVisits(ctx.db, clientId, type.serviceIds, today);
  // Within the validity a bono sold today would have, and no more than its sessions.
  const expires = expiryOf(today, type.validityMonths);
  return {
    sessions: type.sessions,
    visits: visits
      .filter((v) => salonDateOf(v.startTime, SALON_TIME_ZONE) <= expires)
      .map((v) => ({ ...v, startTime: v.startTime.toISOString() })),
  };
}

/**
 * The sale, and the sessions of the visits the desk ticked, in one transaction: her lock first
 * (ADR 053), the bono, then each visit (by its time) locked and given a session by bono_take, the
 * rule a booking follows. A visit that can no longer be covered refuses the whole sale (409): the
 * desk sees the list again rather than a bono sold without the visit it was sold for.
 */
export async function sellBono(ctx: Ctx, actor: SessionUser, clientId: string, input: SaleInput) {
  const record = await recordOr404(ctx, clientId);
  const type = await activeType(ctx, input.bonoTypeId);
  const amount = input.amount ?? type.price;
  const reason = (input.discountReason ?? '').trim();
  const refused = await discountRefusal(ctx.db, actor.role, { price: type.price, charged: amount, reason });
  if (refused) throw badRequest(refused);
  const ids = [...new Set(input.appointmentIds ?? [])];
  if (!ids.every(isId)) throw notFound(STAFF_MSG.appointmentNotFound);
  if (ids.length > type.sessions) throw conflict(BONO_MSG.attachTooMany(type.sessions), 'bono_attach_refused');
  const now = ctx.now();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const soldByName = await staffRecordName(ctx.db, actor);
  const id = await ctx.db.transaction(async (tx) => {
    await lockClient(tx, clientLockKey(record));
    const [row] = await tx
      .insert(bonos)
      .values({
        bonoTypeId: type.id,
        clientId,
        name: type.name,
        sessions: type.sessions,
        price: type.price,
        soldAt: now,
        expiresOn: expiryOf(today, type.validityMonths),
        paymentMethod: input.paymentMethod,
        amount,
        discountReason: amount === type.price ? '' : reason,
        soldByUserId: actor.id,
        soldByName,
      })
      .returning({ id: bonos.id });
    const visits = await lockUncoveredVisits(tx, { appointmentIds: ids, clientId, today });
    if (visits.length !== ids.length) throw conflict(BONO_MSG.attachRefused, 'bono_attach_refused');
    for (const visit of visits) {
      if (!(await takeSessionFor(tx, { bonoId: row!.id, clientId, visit, visitDate: salonDateOf(visit.startTime, SALON_TIME_ZONE) })))
        throw conflict(BONO_MSG.attachRefused, 'bono_attach_refused');
    }
    return row!.id;
  });
  const all = await bonosJson(ctx, clientId);
  return { bono: all.find((b) => b.id === id)! };
}
