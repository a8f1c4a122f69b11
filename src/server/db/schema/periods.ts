import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, text } from 'drizzle-orm/pg-core';
import { created } from './columns';
import { user } from './accounts';

// A period of days, whole or the same hours of each day, and who wrote it: a professional's time
// off and a resource's maintenance are the same shape (exception-validation.ts's validateTimeOff checks both).
// `is_block`: a "Bloquear hueco" of the day view (ADR 058): one day, with hours, its reason shown
// to every member of staff; otherwise read by every availability rule as the period it is.

export const periodColumns = () => ({
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  startTime: text('start_time'),
  endTime: text('end_time'),
  reason: text('reason').notNull().default(''),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: created(),
  isBlock: boolean('is_block').notNull().default(false),
});

type PeriodTable = { startDate: AnyPgColumn; endDate: AnyPgColumn; startTime: AnyPgColumn; endTime: AnyPgColumn; isBlock: AnyPgColumn };

/** The end is not before the start; times come both or neither; a block is one day with hours. */
export const periodChecks = (table: string, t: PeriodTable) => [
  check(`${table}_range`, sql`${t.endDate} >= ${t.startDate}`),
  check(`${table}_times`, sql`(${t.startTime} IS NULL) = (${t.endTime} IS NULL)`),
  check(`${table}_block`, sql`NOT ${t.isBlock} OR (${t.startDate} = ${t.endDate} AND ${t.startTime} IS NOT NULL)`),
];
