import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import type { WeeklySchedule } from '../../domain/weekly-schedule';

// One source for every type: these tables -> drizzle-zod schemas -> Hono routes -> hc<AppType>.
// The database speaks snake_case, the API keeps the spec's names (SPEC §3).

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---- better-auth tables (names as its drizzle adapter expects) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // Every new account is a client; only account linking makes an employee (SPEC §6).
  role: text('role', { enum: ['client', 'employee', 'admin'] }).notNull().default('client'),
  createdAt: created(),
  updatedAt: updated(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: created(),
    updatedAt: updated(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// Rate-limit counters live in the database so every app instance shares them.
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---- salon tables ----

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    duration: integer('duration').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    category: text('category').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('services_duration_positive', sql`${t.duration} > 0`),
    check('services_price_non_negative', sql`${t.price} >= 0`),
  ],
);

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
  isActive: boolean('is_active').notNull().default(true),
  createdAt: created(),
  updatedAt: updated(),
});

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

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // NULL once the client deleted their account (issue 16, ADR 026): the row stays for the salon's
    // books with the name and email replaced by 'Cliente eliminado'.
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    // The employee's linked USER id, as in the spec (not the employee record id).
    employeeId: text('employee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    employeeName: text('employee_name').notNull(),
    // Stored names and prices keep an appointment readable after its service is deleted.
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    serviceDuration: integer('service_duration').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('confirmed'),
    notes_client: text('notes_client').notNull().default(''),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('appointments_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('appointments_duration_positive', sql`${t.serviceDuration} > 0`),
    check(
      'appointments_status_known',
      sql`${t.status} IN ('confirmed','completed','no_show','cancelled_by_client','cancelled_by_salon')`,
    ),
    index('appointments_client_start_idx').on(t.clientId, t.startTime),
    index('appointments_employee_start_idx').on(t.employeeId, t.startTime),
    index('appointments_start_idx').on(t.startTime),
    // The no-double-booking exclusion constraint is in the custom migration (drizzle cannot express it).
  ],
);

export const salonSettings = pgTable(
  'salon_settings',
  {
    // A single row: the check keeps it single.
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    appointmentTimeSlotInterval: integer('appointment_time_slot_interval').notNull().default(30),
    cancellationPolicyHours: integer('cancellation_policy_hours').notNull().default(24),
    openingHours: jsonb('opening_hours').$type<Partial<WeeklySchedule>>().notNull().default({}),
    updatedAt: updated(),
    // issue 16 (0002_hardening, ADR 025): what a client may book for themselves.
    maxFutureAppointmentsPerClient: integer('max_future_appointments_per_client').notNull().default(4),
    bookingHorizonDays: integer('booking_horizon_days').notNull().default(90),
  },
  (t) => [
    check('salon_settings_single_row', sql`${t.id} = 1`),
    check('salon_settings_interval', sql`${t.appointmentTimeSlotInterval} IN (15, 20, 30, 45, 60)`),
    check('salon_settings_cancellation', sql`${t.cancellationPolicyHours} >= 0`),
    check('salon_settings_max_future_appointments', sql`${t.maxFutureAppointmentsPerClient} BETWEEN 1 AND 50`),
    check('salon_settings_booking_horizon', sql`${t.bookingHorizonDays} BETWEEN 1 AND 730`),
  ],
);
