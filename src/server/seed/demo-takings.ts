import { eq } from 'drizzle-orm';
import { giftCardLastDay, normalizeGiftCardCode } from '../../domain/gift-cards';
import type { DeskPaymentMethod } from '../../domain/payments';
import { salonDateOf, SALON_TIME_ZONE } from '../../domain/salon-time';
import type { Tx } from '../db/client';
import { giftCardCodeHash } from '../db/gift-card-codes';
import { clients, giftCards, payments } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_GIFT_CARD } from './demo-data';

// The demo salon's takings (ADR 038, 039): a gift card sold to a client's mother, partly spent, and
// the payments of the completed past appointments, so the Caja of recent days shows something.

export type PaidLine = { method: DeskPaymentMethod; amount: number; reason?: string };
export type PaidAppointment = { id: string; end: Date; employee: keyof typeof DEMO_ACCOUNTS; lines: PaidLine[] };

export async function seedTakings(
  tx: Tx,
  o: { messageSecret: string; ids: Record<string, string>; soldAt: Date; recipient: keyof typeof DEMO_ACCOUNTS; paid: PaidAppointment[] },
) {
  const code = normalizeGiftCardCode(DEMO_GIFT_CARD.code);
  const [record] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.userId, o.ids[o.recipient]!));
  const spent = o.paid.flatMap((p) => p.lines).filter((l) => l.method === 'tarjeta_regalo').reduce((s, l) => s + l.amount, 0);
  const [card] = await tx
    .insert(giftCards)
    .values({
      codeHash: giftCardCodeHash(o.messageSecret, code),
      codeLast4: code.slice(-4),
      amount: DEMO_GIFT_CARD.amount,
      saleAmount: DEMO_GIFT_CARD.amount,
      balance: DEMO_GIFT_CARD.amount - spent,
      buyerName: DEMO_GIFT_CARD.buyerName,
      recipientName: DEMO_ACCOUNTS[o.recipient].name,
      recipientClientId: record?.id ?? null,
      lastDay: giftCardLastDay(salonDateOf(o.soldAt, SALON_TIME_ZONE)),
      saleMethod: DEMO_GIFT_CARD.saleMethod,
      soldByUserId: o.ids.admin!,
      soldByName: DEMO_ACCOUNTS.admin.name,
      createdAt: o.soldAt,
      updatedAt: o.soldAt,
    })
    .returning({ id: giftCards.id });
  for (const p of o.paid) {
    for (const l of p.lines) {
      await tx.insert(payments).values({
        appointmentId: p.id,
        method: l.method,
        amount: l.amount,
        giftCardId: l.method === 'tarjeta_regalo' ? card!.id : null,
        discountReason: l.reason ?? '',
        recordedByUserId: o.ids[p.employee]!,
        recordedByName: DEMO_ACCOUNTS[p.employee].name,
        createdAt: p.end,
      });
    }
  }
}
