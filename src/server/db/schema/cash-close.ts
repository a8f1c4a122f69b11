import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CountLine } from '../../../domain/cash-close';
import { sqlLiterals } from '../sql-literals';
import { created } from './columns';
import { user } from './accounts';

// The till of a salon day and its close (cierre de caja, docs/decisions/054-the-till-and-its-close.md,
// migration 0021_cash_close). The money of a day is what the Caja already reads (payments, gift
// cards and bonos sold, by when the money was taken); these tables add the float it started with,
// cash put in or taken out by hand, the count at the end, and what changed after it.
// The trigger till_day_guard (hand-written in the migration) keeps a closed day's money to the
// admin and writes the audit lines of `cash_close_changes`.

const euros = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const CASH_MOVEMENT_KINDS = ['entrada', 'salida'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/** A salon day's till, opened by the desk with its float (fondo de caja). */
export const cashDays = pgTable(
  'cash_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    openingFloat: euros('opening_float').notNull(),
    openedByUserId: text('opened_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The staff member's employee record's name (the account's name for an admin without one). */
    openedByName: text('opened_by_name').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('cash_days_float', sql`${t.openingFloat} >= 0 AND ${t.openingFloat} <= 10000`)],
);

/**
 * A close of a day: the figures the desk saw (copied, never recomputed), what it counted, the
 * difference and its reason, who and when. Reopened by the admin, it stays as history and the
 * next close is a new row; one close per day stands (the partial unique index).
 */
export const cashCloses = pgTable(
  'cash_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => cashDays.day, { onDelete: 'restrict' }),
    openingFloat: euros('opening_float').notNull(),
    cashPayments: euros('cash_payments').notNull(),
    cashSales: euros('cash_sales').notNull(),
    cashIn: euros('cash_in').notNull(),
    cashOut: euros('cash_out').notNull(),
    expected: euros('expected').notNull(),
    counted: euros('counted').notNull(),
    difference: euros('difference').notNull(),
    /** The count by notes and coins, when the desk counted that way. */
    count: jsonb('count').$type<CountLine[]>(),
    differenceReason: text('difference_reason').notNull().default(''),
    closedByUserId: text('closed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedByUserId: text('reopened_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    reopenedByName: text('reopened_by_name'),
    reopenReason: text('reopen_reason'),
  },
  (t) => [
    check('cash_closes_expected', sql`${t.expected} = ${t.openingFloat} + ${t.cashPayments} + ${t.cashSales} + ${t.cashIn} - ${t.cashOut}`),
    check('cash_closes_difference', sql`${t.difference} = ${t.counted} - ${t.expected} AND ${t.counted} >= 0`),
    check('cash_closes_reason', sql`${t.difference} = 0 OR ${t.differenceReason} <> ''`),
    check(
      'cash_closes_reopen',
      sql`(${t.reopenedAt} IS NULL) = (${t.reopenReason} IS NULL) AND (${t.reopenedAt} IS NULL) = (${t.reopenedByName} IS NULL)`,
    ),
    // The condition as PostgreSQL prints it, so that the schema check reads the same in both.
    uniqueIndex('cash_closes_one_standing')
      .on(t.day)
      .where(sql`(reopened_at IS NULL)`),
    index('cash_closes_day_idx').on(t.day, t.closedAt),
  ],
);

/** Cash put into or taken out of the drawer by hand, with its reason (a supplier paid, takings to the bank). */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CASH_MOVEMENT_KINDS }).notNull(),
    amount: euros('amount').notNull(),
    reason: text('reason').notNull(),
    byUserId: text('by_user_id').references(() => user.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    createdAt: created(),
  },
  (t) => [
    check('cash_movements_kind', sql`${t.kind} IN (${sqlLiterals(CASH_MOVEMENT_KINDS)})`),
    check('cash_movements_amount', sql`${t.amount} > 0 AND ${t.amount} <= 10000`),
    index('cash_movements_created_idx').on(t.createdAt),
  ],
);

export const CASH_CLOSE_CHANGE_SOURCES = ['payments', 'payment_corrections', 'gift_cards', 'bonos', 'cash_movements'] as const;
export type CashCloseChangeSource = (typeof CASH_CLOSE_CHANGE_SOURCES)[number];

/**
 * The audit line of a change to a closed day's money: which row of which table, under which
 * close. Written by the trigger in the change's own transaction, never by a room's code, so no
 * write path can forget it; the row itself says who (its by-name) and what.
 */
export const cashCloseChanges = pgTable(
  'cash_close_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    closeId: uuid('close_id')
      .notNull()
      .references(() => cashCloses.id, { onDelete: 'restrict' }),
    source: text('source', { enum: CASH_CLOSE_CHANGE_SOURCES }).notNull(),
    rowId: uuid('row_id').notNull(),
    byUserId: text('by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    check('cash_close_changes_source', sql`${t.source} IN (${sqlLiterals(CASH_CLOSE_CHANGE_SOURCES)})`),
    index('cash_close_changes_close_idx').on(t.closeId, t.createdAt),
  ],
);
