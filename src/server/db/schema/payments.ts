import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '../../../domain/payment-methods';
import { sqlLiterals } from '../sql-literals';
import { created } from './columns';
import { user } from './accounts';
import { appointments } from './appointments';
import { giftCards } from './gift-cards';

// Payments (cobros, docs/decisions/039-payments-not-invoices-verifactu.md): the salon's
// own record of what was paid for an appointment, never an invoice. Rows are only added: a
// mistake is corrected by the admin elsewhere, not by rewriting the money trail.

/**
 * One line of a payment (part card, part cash is two lines). `discount_reason` is what the desk
 * wrote when the lines of that payment left the appointment below its price. A gift card line
 * names its card (and only such a line does); its redemption history is these rows.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Money records outlive nothing they point to: an appointment with payments is never deleted.
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'restrict' }),
    discountReason: text('discount_reason').notNull().default(''),
    recordedByUserId: text('recorded_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: created(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_method_known', sql`${t.method} IN (${sqlLiterals(PAYMENT_METHODS)})`),
    check('payments_gift_card_line', sql`(${t.method} = 'tarjeta_regalo') = (${t.giftCardId} IS NOT NULL)`),
    index('payments_appointment_idx').on(t.appointmentId),
    index('payments_created_idx').on(t.createdAt),
    index('payments_gift_card_idx').on(t.giftCardId),
  ],
);
