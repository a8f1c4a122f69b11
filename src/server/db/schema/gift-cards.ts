import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { SALE_METHODS } from '../../../domain/payment-methods';
import { sqlLiterals } from '../sql-literals';
import { created, updated } from './columns';
import { user } from './accounts';
import { clients } from './front-desk';
import { services } from './services';

// Gift cards (tarjetas regalo, docs/decisions/038-gift-cards.md, migration 0013_payments_gift_cards).

/**
 * A card sold at the front desk, for an amount or for a service (then `amount` is the service's
 * price at the sale). The code itself is never stored: `code_hash` is its HMAC with a key kept
 * outside the database (ADR 038), `code_last4` lets staff recognise a card in a list.
 * `balance` only goes down, in the payment's transaction under a row lock, and the CHECK keeps
 * it between 0 and the amount whatever the code in front of it does.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    codeLast4: text('code_last4').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    balance: numeric('balance', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** What the buyer paid (ADR 052): the amount, unless a card for a service was sold at a discount, with its reason. */
    saleAmount: numeric('sale_amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    discountReason: text('discount_reason').notNull().default(''),
    // A card for a service names it (and keeps the name if the service is deleted).
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    serviceName: text('service_name'),
    buyerName: text('buyer_name').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    // The client records of the buyer and the recipient, when the desk linked them: her privacy
    // export lists the card, her account's deletion replaces the names (ADR 033).
    buyerClientId: uuid('buyer_client_id').references(() => clients.id, { onDelete: 'set null' }),
    recipientClientId: uuid('recipient_client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** The last salon day it can be used (ADR 038: twelve months). */
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    saleMethod: text('sale_method', { enum: SALE_METHODS }).notNull(),
    soldByUserId: text('sold_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    soldByName: text('sold_by_name').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('gift_cards_amount_positive', sql`${t.amount} > 0`),
    check('gift_cards_sale_amount', sql`${t.saleAmount} >= 0`),
    check('gift_cards_balance_range', sql`${t.balance} >= 0 AND ${t.balance} <= ${t.amount}`),
    check('gift_cards_sale_method_known', sql`${t.saleMethod} IN (${sqlLiterals(SALE_METHODS)})`),
    index('gift_cards_created_idx').on(t.createdAt),
    index('gift_cards_buyer_client_idx').on(t.buyerClientId),
    index('gift_cards_recipient_client_idx').on(t.recipientClientId),
  ],
);
