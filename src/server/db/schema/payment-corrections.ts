import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '../../../domain/payment-methods';
import { sqlLiterals } from '../sql-literals';
import { created } from './columns';
import { user } from './accounts';
import { payments } from './payments';

// The admin's void or correction of a payment line (docs/decisions/054-the-till-and-its-close.md,
// migration 0021_cash_close). A payment row is never edited: a void is this row naming it, a
// correction is this row plus the corrected line (a new payment row, at the time the money was
// taken). A line is voided or corrected once (the unique key); the corrected line can be again.

export const PAYMENT_CORRECTION_KINDS = ['void', 'correction'] as const;
export type PaymentCorrectionKind = (typeof PAYMENT_CORRECTION_KINDS)[number];
export type PaymentLineSnapshot = { method: PaymentMethod; amount: number; discountReason: string };

export const paymentCorrections = pgTable(
  'payment_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PAYMENT_CORRECTION_KINDS }).notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<PaymentLineSnapshot>().notNull(),
    after: jsonb('after').$type<PaymentLineSnapshot>(),
    replacementPaymentId: uuid('replacement_payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    byUserId: text('by_user_id').references(() => user.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    createdAt: created(),
  },
  (t) => [
    check('payment_corrections_kind', sql`${t.kind} IN (${sqlLiterals(PAYMENT_CORRECTION_KINDS)})`),
    check(
      'payment_corrections_replacement',
      sql`(${t.kind} = 'correction') = (${t.replacementPaymentId} IS NOT NULL) AND (${t.kind} = 'correction') = (${t.after} IS NOT NULL)`,
    ),
    check('payment_corrections_reason', sql`${t.reason} <> ''`),
    index('payment_corrections_created_idx').on(t.createdAt),
  ],
);
