import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { SALON_EXCEPTION_KINDS } from '../../../domain/availability';
import { sqlLiterals } from '../sql-literals';
import { periodChecks, periodColumns } from './periods';
import { created } from './columns';
import { employees } from './employees';

// Exceptions to the weekly pattern (docs/decisions/023-availability-exceptions.md).

// Salon closures (whole days) and special opening hours; dates inclusive, times salon wall clock.
export const salonExceptions = pgTable(
  'salon_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SALON_EXCEPTION_KINDS }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    reason: text('reason').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    check('salon_exceptions_kind', sql`${t.kind} IN (${sqlLiterals(SALON_EXCEPTION_KINDS)})`),
    check('salon_exceptions_range', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'salon_exceptions_times',
      sql`(${t.kind} = 'closed' AND ${t.startTime} IS NULL AND ${t.endTime} IS NULL) OR (${t.kind} = 'special_hours' AND ${t.startTime} IS NOT NULL AND ${t.endTime} IS NOT NULL)`,
    ),
    index('salon_exceptions_end_idx').on(t.endDate, t.startDate),
  ],
);

// A professional's time off: whole days (no times) or the same part of each day of the range.
export const employeeTimeOff = pgTable(
  'employee_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    ...periodColumns(),
  },
  (t) => [...periodChecks('employee_time_off', t), index('employee_time_off_employee_end_idx').on(t.employeeId, t.endDate)],
);
