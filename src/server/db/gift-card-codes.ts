import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { giftCards } from './schema';

// What the gift-cards room (selling, looking up) and the payments room (redeeming in a payment's
// transaction) share about a card's code (docs/decisions/038-gift-cards.md). A room never imports
// another, so it sits here.

/**
 * The stored form of a code: HMAC-SHA256 keyed with a key derived from the server's secret
 * (DATA_DIR/secrets.json, never in the database). A plain SHA-256 of ~50 bits of code could be
 * reversed from a copy of the database in hours; this cannot without the secret. Equality is
 * decided by the unique index on the hash, so no comparison of the typed code leaks its prefix.
 */
export function giftCardCodeHash(serverSecret: string, normalizedCode: string): string {
  const key = createHmac('sha256', serverSecret).update('auna:gift-card-codes').digest();
  return createHmac('sha256', key).update(normalizedCode, 'utf8').digest('hex');
}

export const giftCardColumns = {
  id: giftCards.id,
  codeLast4: giftCards.codeLast4,
  amount: giftCards.amount,
  balance: giftCards.balance,
  // ADR 052: what the buyer paid, and why it differs from the card's amount.
  saleAmount: giftCards.saleAmount,
  discountReason: giftCards.discountReason,
  serviceName: giftCards.serviceName,
  buyerName: giftCards.buyerName,
  recipientName: giftCards.recipientName,
  lastDay: giftCards.lastDay,
  saleMethod: giftCards.saleMethod,
  soldByName: giftCards.soldByName,
  createdAt: giftCards.createdAt,
};

export async function giftCardByHash(db: Pick<Db, 'select'>, hash: string) {
  const [row] = await db.select(giftCardColumns).from(giftCards).where(eq(giftCards.codeHash, hash));
  return row;
}

/**
 * The card locked for the rest of the transaction: a second tab redeeming the same card waits
 * here, then reads the balance the first left.
 */
export async function lockGiftCardByHash(tx: Tx, hash: string) {
  const [row] = await tx.select(giftCardColumns).from(giftCards).where(eq(giftCards.codeHash, hash)).for('update');
  return row;
}

/**
 * Takes `amount` off the locked card. The CHECK gift_cards_balance_range (balance >= 0) is the
 * last word: were the checks before it wrong, the statement fails (23514) instead of going below zero.
 */
export async function takeFromGiftCard(tx: Tx, id: string, amount: number, now: Date) {
  await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${amount}`, updatedAt: now })
    .where(eq(giftCards.id, id));
}
