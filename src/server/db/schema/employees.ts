import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { EMPLOYEE_ACCOUNT_ROLES } from '../../../domain/roles';
import { sqlLiterals } from '../sql-literals';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import { created, updated } from './columns';
import { user } from './accounts';
import { services } from './services';

// The salon's professionals and the services each offers.

export const employees = pgTable('employees', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email'),
  phoneNumber: text('phone_number'),
  availability: jsonb('availability').$type<WeeklySchedule>().notNull(),
  // The linked login. Unique: one account can be one employee at most (SPEC §4 linking).
  userId: text('user_id')
    .unique()
    .references(() => user.id, { onDelete: 'set null' }),
  userAccountEmail: text('user_account_email'),
  // The role the linked account works with (the form's "Acceso", ADR 063): a professional, or the
  // desk ('receptionist'), which offers no services and has no column in the day view.
  accountRole: text('account_role', { enum: EMPLOYEE_ACCOUNT_ROLES }).notNull().default('employee'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [check('employees_account_role_known', sql`${t.accountRole} IN (${sqlLiterals(EMPLOYEE_ACCOUNT_ROLES)})`)]);

// servicesOffered of SPEC §3 as a join table, so a deleted service drops out of every employee.
export const employeeServices = pgTable(
  'employee_services',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.serviceId] }), index('employee_services_service_idx').on(t.serviceId)],
);
