import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, primaryKey, text, uuid, check } from 'drizzle-orm/pg-core';

// The Informes' rollups (docs/decisions/042-reports-and-charts.md, migration
// 0016_report_rollups): what a year of appointments adds up to, kept EXACT by the statement
// triggers of the migration's hand-written tail, in the same transaction as the change. They hold
// only appointments whose status is final (completed, no-show, cancelled): a confirmed one is read
// live from appointments (its partial index), so a booking never writes here and two bookings never
// wait on the same rollup row. No foreign keys: a rollup row outlives nothing and blocks nothing.

/** Per salon day, professional (her login, as appointments.employee_id), service name and final status. */
export const reportDays = pgTable(
  'report_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    employeeId: text('employee_id').notNull(),
    serviceName: text('service_name').notNull(),
    status: text('status').notNull(),
    appointments: integer('appointments').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** the minutes held, preparation and cleaning included */
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.employeeId, t.serviceName, t.status] }), check('report_days_status_final', sql`${t.status} <> 'confirmed'`)],
);

/** Completed minutes per salon day, professional and wall-clock hour (the weekday × hour map). */
export const reportHours = pgTable(
  'report_hours',
  {
    day: date('day', { mode: 'string' }).notNull(),
    employeeId: text('employee_id').notNull(),
    hour: integer('hour').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.employeeId, t.hour] })],
);

/** Completed visits per client record and salon month (new and returning clients). */
export const reportClientMonths = pgTable(
  'report_client_months',
  {
    clientId: uuid('client_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.month] })],
);
