import { giftCardRefusal, isGiftCardCodeShape, normalizeGiftCardCode } from '../../../domain/gift-cards';
import { isDeskRole } from '../../../domain/roles';
import { fromCents, sumEuros, toCents } from '../../../domain/money';
import { paymentProblem, type DeskPaymentMethod } from '../../../domain/payments';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { giftCardBalanceShort, STAFF_MSG } from '../../../domain/texts/staff';
import { MSG } from '../../../domain/texts/common';
import { GIFT_CARD_LOOKUP_RULE, giftCardLookupKey } from '../../auth/rate-limit-keys';
import { staffRecordName } from '../../accounts/staff-name';
import { pgErrorCode, type Tx } from '../../db/client';
import { discountRefusal } from '../../db/salon-settings';
import { giftCardCodeHash, lockGiftCardByHash, takeFromGiftCard } from '../../db/gift-card-codes';
import type { Deps, SessionUser } from '../../http/env';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { bonoOfAppointment } from './bono-queries';
import { appointmentFactsOf, insertPayment, lockAppointment, paymentsOf } from './queries';

// Payments (cobros, ADR 039): staff record what was paid for an appointment, in one or
// several lines; a gift card line is redeemed from its card in the same transaction. An employee
// records on her own appointments, the admin on any; someone else's appointment answers 404.

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'rateLimit'>;

export type PaymentLineInput = { method: DeskPaymentMethod; amount: number; giftCardCode?: string };
export type PaymentInput = { lines: PaymentLineInput[]; discountReason?: string };

type Facts = NonNullable<Awaited<ReturnType<typeof appointmentFactsOf>>>;

const visibleTo = (actor: SessionUser, a: Facts | undefined): Facts => {
  if (!a || (!isDeskRole(actor.role) && a.employeeId !== actor.id)) throw notFound(STAFF_MSG.appointmentNotFound);
  return a;
};

/** Done, or under way: what the client pays for at the desk. Not a future, cancelled or missed one. */
const payable = (a: Facts, now: Date) => a.status === 'completed' || (a.status === 'confirmed' && a.startTime.getTime() <= now.getTime());

async function summary(ctx: Ctx, a: Facts) {
  const [lines, bono] = await Promise.all([paymentsOf(ctx.db, a.id), bonoOfAppointment(ctx.db, a.id)]);
  // A line the admin voided or corrected no longer counts (ADR 054); it stays in the list, marked.
  const standing = lines.filter((l) => !l.voidedAt);
  const paid = sumEuros(standing.map((l) => l.amount));
  // A payment below the price with its reason settles the appointment: the rest is the discount.
  const discounted = standing.some((l) => l.discountReason !== '');
  return {
    appointment: {
      id: a.id,
      price: a.price,
      status: a.status,
      serviceName: a.serviceName,
      clientName: a.clientName,
      employeeName: a.employeeName,
      startTime: a.startTime.toISOString(),
      payable: payable(a, ctx.now()),
    },
    payments: lines.map((l) => ({ ...l, createdAt: l.createdAt.toISOString(), voidedAt: l.voidedAt?.toISOString() ?? null })),
    paid,
    discounted,
    /** ADR 037: paid with a session of this bono (reserved until the visit is completed, then spent); nothing to collect. */
    bono: bono ? { name: bono.name, spent: bono.state === 'spent' } : null,
    remaining: discounted || bono ? 0 : fromCents(Math.max(0, toCents(a.price) - toCents(paid))),
  };
}

export async function appointmentPayments(ctx: Ctx, actor: SessionUser, id: string) {
  const a = visibleTo(actor, isId(id) ? await appointmentFactsOf(ctx.db, id) : undefined);
  return summary(ctx, a);
}

/** The card line: its card locked, refused in Spanish when expired, used up or short, then taken from. */
async function redeem(ctx: Ctx, tx: Tx, line: PaymentLineInput, now: Date) {
  const code = normalizeGiftCardCode(line.giftCardCode ?? '');
  const card = isGiftCardCodeShape(code) ? await lockGiftCardByHash(tx, giftCardCodeHash(ctx.messageSecret, code)) : undefined;
  if (!card) throw notFound(STAFF_MSG.giftCardNotFound);
  const refusal = giftCardRefusal(card, salonDateOf(now, SALON_TIME_ZONE), line.amount);
  if (refusal) throw conflict(refusal, 'gift_card_refused');
  await takeFromGiftCard(tx, card.id, line.amount, now);
  return card.id;
}

/**
 * Records the lines together: all or none. The appointment is locked first (two desks paying
 * it at once cannot pass its price), then each card line's card (two tabs spending one card wait
 * for each other; the balance CHECK is the last word).
 */
export async function recordPayment(ctx: Ctx, actor: SessionUser, id: string, input: PaymentInput) {
  if (!isId(id)) throw notFound(STAFF_MSG.appointmentNotFound);
  for (const line of input.lines) {
    if (line.method === 'tarjeta_regalo' && !line.giftCardCode?.trim()) throw badRequest(STAFF_MSG.paymentGiftCardCodeRequired);
    if (line.method !== 'tarjeta_regalo' && line.giftCardCode !== undefined) throw badRequest(MSG.invalidInput);
  }
  // Every code tried counts against the same limit as a look-up (ADR 038), before any work.
  for (const _ of input.lines.filter((l) => l.method === 'tarjeta_regalo')) {
    const rate = await ctx.rateLimit.consume(giftCardLookupKey(actor.id), GIFT_CARD_LOOKUP_RULE);
    if (!rate.allowed) throw new ApiError(429, 'too_many_lookups', STAFF_MSG.giftCardLookupTooFast);
  }
  const now = ctx.now();
  const discountReason = (input.discountReason ?? '').trim();
  try {
    const a = await ctx.db.transaction(async (tx) => {
      const a = visibleTo(actor, await lockAppointment(tx, id));
      if (!payable(a, now)) throw conflict(STAFF_MSG.paymentNotPayable, 'not_payable');
      // Its bono pays it (ADR 037): the session is spent on completion, the desk takes no money.
      if (await bonoOfAppointment(tx, id)) throw conflict(STAFF_MSG.paymentWithBono, 'paid_with_bono');
      const earlier = (await paymentsOf(tx, id)).filter((l) => !l.voidedAt);
      if (earlier.some((l) => l.discountReason !== '')) throw conflict(STAFF_MSG.paymentAlreadySettled, 'already_settled');
      const already = sumEuros(earlier.map((l) => l.amount));
      const problem = paymentProblem({ price: a.price, alreadyPaid: already, amounts: input.lines.map((l) => l.amount), discountReason });
      if (problem) throw badRequest(problem);
      const total = sumEuros([already, ...input.lines.map((l) => l.amount)]);
      const reasonStored = toCents(total) < toCents(a.price) ? discountReason : '';
      const recordedByName = await staffRecordName(tx, actor);
      for (const line of input.lines) {
        const giftCardId = line.method === 'tarjeta_regalo' ? await redeem(ctx, tx, line, now) : null;
        await insertPayment(tx, {
          appointmentId: id,
          method: line.method,
          amount: line.amount,
          giftCardId,
          discountReason: reasonStored,
          recordedByUserId: actor.id,
          recordedByName,
          createdAt: now,
        });
      }
      // ADR 052: a discount's reason is the owner's or a real text, and the staff stay within her
      // limit. Checked after the cards (a used-up card is said first); a refusal rolls all back.
      const refused = reasonStored ? await discountRefusal(tx, actor.role, { price: a.price, charged: total, reason: discountReason }) : null;
      if (refused) throw badRequest(refused);
      return a;
    });
    return summary(ctx, a);
  } catch (err) {
    // The balance CHECK caught what the checks above let through: refused, never below zero.
    if (pgErrorCode(err) === '23514') throw conflict(giftCardBalanceShort('0,00 €'), 'gift_card_refused');
    throw err;
  }
}
