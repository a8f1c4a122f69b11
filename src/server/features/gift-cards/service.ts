import { randomBytes } from 'node:crypto';
import {
  codeFromRandomBytes,
  formatGiftCardCode,
  giftCardLastDay,
  giftCardStatus,
  isGiftCardAmount,
  isGiftCardCodeShape,
  normalizeGiftCardCode,
} from '../../../domain/gift-cards';
import { toCents } from '../../../domain/money';
import type { SaleMethod } from '../../../domain/payment-methods';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { GIFT_CARD_LOOKUP_RULE, giftCardLookupKey } from '../../auth/rate-limit-keys';
import { staffRecordName } from '../../accounts/staff-name';
import { pgErrorCode } from '../../db/client';
import { discountRefusal } from '../../db/salon-settings';
import { giftCardByHash, giftCardCodeHash } from '../../db/gift-card-codes';
import type { Deps, SessionUser } from '../../http/env';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { activeService, clientRecordExists, giftCardById, insertGiftCard, recentGiftCards, redemptionsOf } from './queries';

// Gift cards (tarjetas regalo, ADR 038): sold at the front desk by any staff member,
// looked up by their code, redeemed by the payments room. The code is shown once, in the sale's
// answer; the database keeps its keyed hash and its last four symbols.

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'rateLimit'>;

type Card = NonNullable<Awaited<ReturnType<typeof giftCardById>>>;

const today = (ctx: Ctx) => salonDateOf(ctx.now(), SALON_TIME_ZONE);

/** A card as the desk sees it: its state today, never its code. */
const view = (ctx: Ctx, c: Card) => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
  status: giftCardStatus(c, today(ctx)),
});

export type SaleInput = {
  amount?: number;
  serviceId?: string;
  /** A card for a service sold at another price than the service's (ADR 052): what the buyer pays, with its reason. */
  saleAmount?: number;
  discountReason?: string;
  buyerName: string;
  recipientName?: string;
  saleMethod: SaleMethod;
  buyerClientId?: string | null;
  recipientClientId?: string | null;
};

/** A new random code (crypto's bytes, rejection-sampled in the domain). */
function newCode(): string {
  for (;;) {
    const code = codeFromRandomBytes(randomBytes(32));
    if (code) return code;
  }
}

async function checkedClient(ctx: Ctx, id: string | null | undefined) {
  if (!id) return null;
  if (!isId(id) || !(await clientRecordExists(ctx.db, id))) throw badRequest(STAFF_MSG.clientNotFound);
  return id;
}

/**
 * For an amount, or for a service (its price today, and its name on the card). A card for a
 * service is worth the service; it is sold at its price, or at another with a reason and, for the
 * staff, within the owner's discount limit (ADR 052). A card for an amount is sold at its amount.
 */
async function valueOf(ctx: Ctx, actor: SessionUser, input: SaleInput) {
  if ((input.amount === undefined) === (input.serviceId === undefined)) throw badRequest(STAFF_MSG.giftCardKindInvalid);
  if (input.serviceId !== undefined) {
    const service = isId(input.serviceId) ? await activeService(ctx.db, input.serviceId) : undefined;
    if (!service) throw badRequest(STAFF_MSG.giftCardServiceNotFound);
    const saleAmount = input.saleAmount ?? service.price;
    const reason = (input.discountReason ?? '').trim();
    const refused = await discountRefusal(ctx.db, actor.role, { price: service.price, charged: saleAmount, reason });
    if (refused) throw badRequest(refused);
    return { amount: service.price, saleAmount, discountReason: toCents(saleAmount) === toCents(service.price) ? '' : reason, serviceId: service.id, serviceName: service.name };
  }
  if (input.saleAmount !== undefined || input.discountReason !== undefined) throw badRequest(STAFF_MSG.giftCardKindInvalid);
  if (!isGiftCardAmount(input.amount!)) throw badRequest(STAFF_MSG.giftCardAmountInvalid);
  return { amount: input.amount!, saleAmount: input.amount!, discountReason: '', serviceId: null, serviceName: null };
}

export async function sellGiftCard(ctx: Ctx, actor: SessionUser, input: SaleInput) {
  const buyerName = input.buyerName.trim();
  if (!buyerName) throw badRequest(STAFF_MSG.giftCardBuyerRequired);
  const value = await valueOf(ctx, actor, input);
  const [buyerClientId, recipientClientId] = [await checkedClient(ctx, input.buyerClientId), await checkedClient(ctx, input.recipientClientId)];
  const now = ctx.now();
  // A clash of two random codes is a 1 in 10^14 event; should it happen, a new code is drawn.
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    try {
      const id = await insertGiftCard(ctx.db, {
        codeHash: giftCardCodeHash(ctx.messageSecret, code),
        codeLast4: code.slice(-4),
        ...value,
        balance: value.amount,
        buyerName,
        recipientName: (input.recipientName ?? '').trim(),
        buyerClientId,
        recipientClientId,
        lastDay: giftCardLastDay(salonDateOf(now, SALON_TIME_ZONE)),
        saleMethod: input.saleMethod,
        soldByUserId: actor.id,
        soldByName: await staffRecordName(ctx.db, actor),
        createdAt: now,
        updatedAt: now,
      });
      return { giftCard: view(ctx, (await giftCardById(ctx.db, id))!), code: formatGiftCardCode(code) };
    } catch (err) {
      if (pgErrorCode(err) !== '23505' || attempt > 2) throw err;
    }
  }
}

export async function listGiftCards(ctx: Ctx) {
  return { giftCards: (await recentGiftCards(ctx.db)).map((c) => view(ctx, c)) };
}

/**
 * A card by its code, for the desk. Every wrong code is the same 404 (malformed or unknown), and
 * every try counts against the staff member's limit, found or not: no way to tell a near miss
 * from a far one, nor to walk the code space from one session.
 */
export async function lookupGiftCard(ctx: Ctx, actor: SessionUser, typed: string) {
  const rate = await ctx.rateLimit.consume(giftCardLookupKey(actor.id), GIFT_CARD_LOOKUP_RULE);
  if (!rate.allowed) throw new ApiError(429, 'too_many_lookups', STAFF_MSG.giftCardLookupTooFast);
  const code = normalizeGiftCardCode(typed);
  const card = isGiftCardCodeShape(code) ? await giftCardByHash(ctx.db, giftCardCodeHash(ctx.messageSecret, code)) : undefined;
  if (!card) throw notFound(STAFF_MSG.giftCardNotFound);
  return { giftCard: view(ctx, card) };
}

/** Its page: the card and what it paid. */
export async function giftCardPage(ctx: Ctx, id: string) {
  const card = isId(id) ? await giftCardById(ctx.db, id) : undefined;
  if (!card) throw notFound(STAFF_MSG.giftCardNotFound);
  const redemptions = await redemptionsOf(ctx.db, id);
  return {
    giftCard: view(ctx, card),
    redemptions: redemptions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), startTime: r.startTime.toISOString() })),
  };
}
