import { eq, sql } from 'drizzle-orm';
import { reasonProblem } from '../../../domain/cash-close';
import { sumEuros, toCents } from '../../../domain/money';
import { isPaymentAmount, type DeskPaymentMethod } from '../../../domain/payments';
import { paymentOverPrice, STAFF_MSG } from '../../../domain/texts/staff';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { staffRecordName } from '../../accounts/staff-name';
import { pgErrorCode, type Tx } from '../../db/client';
import { giftCards, paymentCorrections, payments, type PaymentLineSnapshot } from '../../db/schema';
import type { Deps, SessionUser } from '../../http/env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { lockAppointment, paymentsOf } from './queries';
import { appointmentPayments } from './service';

// The admin's void or correction of a payment line (docs/decisions/054-the-till-and-its-close.md).
// The line is never edited: a void names it in payment_corrections (a gift card line gives its
// amount back to the card), a correction also adds the corrected line at the time the money was
// taken, so the Caja of that day holds it. Either way the visit is collectable again for what is
// left. On a closed day the trigger till_day_guard writes the audit line the close shows.

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'rateLimit'>;

export type CorrectionInput = { method: Exclude<DeskPaymentMethod, 'tarjeta_regalo'>; amount: number; reason: string };

function checkedReason(reason: string): string {
  const problem = reasonProblem(reason);
  if (problem) throw badRequest(problem);
  return reason.trim();
}

/** The line and its appointment, locked in the order a payment takes them (the appointment first, then its card). */
async function lockedLine(tx: Tx, lineId: string) {
  const [line] = await tx.select().from(payments).where(eq(payments.id, lineId));
  if (!line) throw notFound(CASH_CLOSE_MSG.lineNotFound);
  const appointment = await lockAppointment(tx, line.appointmentId);
  const [done] = await tx.select({ id: paymentCorrections.id }).from(paymentCorrections).where(eq(paymentCorrections.paymentId, lineId));
  if (done) throw conflict(CASH_CLOSE_MSG.lineAlreadyVoided, 'line_voided');
  return { line, appointment: appointment! };
}

const snapshot = (l: { method: PaymentLineSnapshot['method']; amount: number; discountReason: string }): PaymentLineSnapshot => ({
  method: l.method,
  amount: l.amount,
  discountReason: l.discountReason,
});

/** Two admins at once on one line: the second finds it done (the unique key is the last word). */
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(CASH_CLOSE_MSG.lineAlreadyVoided, 'line_voided');
    throw err;
  }
}

export async function voidPaymentLine(ctx: Ctx, actor: SessionUser, lineId: string, input: { reason: string }) {
  if (!isId(lineId)) throw notFound(CASH_CLOSE_MSG.lineNotFound);
  const reason = checkedReason(input.reason);
  const byName = await staffRecordName(ctx.db, actor);
  const now = ctx.now();
  const appointmentId = await once(() =>
    ctx.db.transaction(async (tx) => {
      const { line } = await lockedLine(tx, lineId);
      if (line.giftCardId) {
        const [card] = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, line.giftCardId)).for('update');
        await tx
          .update(giftCards)
          .set({ balance: sql`${giftCards.balance} + ${line.amount}`, updatedAt: now })
          .where(eq(giftCards.id, card!.id));
      }
      await tx
        .insert(paymentCorrections)
        .values({ paymentId: line.id, kind: 'void', reason, before: snapshot(line), byUserId: actor.id, byName, createdAt: now });
      return line.appointmentId;
    }),
  );
  return appointmentPayments(ctx, actor, appointmentId);
}

export async function correctPaymentLine(ctx: Ctx, actor: SessionUser, lineId: string, input: CorrectionInput) {
  if (!isId(lineId)) throw notFound(CASH_CLOSE_MSG.lineNotFound);
  if (!isPaymentAmount(input.amount)) throw badRequest(STAFF_MSG.paymentAmountInvalid);
  const reason = checkedReason(input.reason);
  const byName = await staffRecordName(ctx.db, actor);
  const now = ctx.now();
  const appointmentId = await once(() =>
    ctx.db.transaction(async (tx) => {
      const { line, appointment } = await lockedLine(tx, lineId);
      if (line.method === 'tarjeta_regalo') throw conflict(CASH_CLOSE_MSG.correctionGiftCard, 'gift_card_line');
      if (line.method === input.method && toCents(line.amount) === toCents(input.amount))
        throw badRequest(CASH_CLOSE_MSG.correctionNoChange);
      // What stands of the visit's payment without this line, and with the corrected one: never above the price.
      const others = (await paymentsOf(tx, line.appointmentId)).filter((l) => l.id !== line.id && !l.voidedAt);
      const before = sumEuros(others.map((l) => l.amount));
      const total = sumEuros([before, input.amount]);
      const left = Math.max(0, toCents(appointment.price) - toCents(before));
      if (toCents(total) > toCents(appointment.price)) throw badRequest(paymentOverPrice(`${(left / 100).toFixed(2).replace('.', ',')} €`));
      // Below the price, the corrected line keeps the discount's reason; at the price, none is left.
      const discountReason = toCents(total) < toCents(appointment.price) ? line.discountReason : '';
      const [replacement] = await tx
        .insert(payments)
        .values({
          appointmentId: line.appointmentId,
          method: input.method,
          amount: input.amount,
          discountReason,
          recordedByUserId: actor.id,
          recordedByName: byName,
          // The money was taken when the line was first recorded: the corrected line belongs to that day's Caja.
          createdAt: line.createdAt,
        })
        .returning({ id: payments.id });
      await tx.insert(paymentCorrections).values({
        paymentId: line.id,
        kind: 'correction',
        reason,
        before: snapshot(line),
        after: { method: input.method, amount: input.amount, discountReason },
        replacementPaymentId: replacement!.id,
        byUserId: actor.id,
        byName,
        createdAt: now,
      });
      return line.appointmentId;
    }),
  );
  return appointmentPayments(ctx, actor, appointmentId);
}
