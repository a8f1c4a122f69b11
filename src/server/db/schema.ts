import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, DEFAULT_CANCELLATION_POLICY_HOURS } from '../../domain/appointment-status';
import { BOOKING_HORIZON_RANGE, DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_MAX_FUTURE_APPOINTMENTS, MAX_FUTURE_APPOINTMENTS_RANGE } from '../../domain/booking-limits';
import { DEFAULT_REMINDER_HOURS, MAX_REMINDER_HOURS } from '../../domain/notification-rules';
import { ROLES } from '../../domain/roles';
import { DEFAULT_SLOT_INTERVAL, SLOT_INTERVAL_OPTIONS } from '../../domain/slots';
import type { WeeklySchedule } from '../../domain/weekly-schedule';
import { sqlLiterals } from './sql-literals';

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
  role: text('role', { enum: ROLES }).notNull().default('client'),
  // Set when a client account is linked as an employee: its next sign-in needs a staff password
  // (12 characters); cleared when she signs in with one (features/accounts/auth-routes.ts, docs/decisions/030).
  staffPasswordRequired: boolean('staff_password_required').notNull().default(false),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  // Case-insensitive email lookup for account linking (SPEC §5 Employee form; 0001_no_double_booking).
  index('user_email_lower_idx').on(sql`lower(${t.email})`),
]);

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
    // Null for a client the salon books without an account (issue 13: client_record_id says who),
    // and once the client deleted their account (issue 16, ADR 026): the row stays for the salon's
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
    // issue 14 (0004_messages): the calendar SEQUENCE, raised by each move (ADR 021)
    messageSequence: integer('message_sequence').notNull().default(0),

    // Issue 13 (0005_front_desk): the salon's client record, and who booked (the client online or a staff member).
    // SQL only (ADR 034): the trigger appointments_client_record fills it for an account's booking.
    clientRecordId: uuid('client_record_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    bookedBy: text('booked_by', { enum: ['client', 'staff'] }).notNull().default('client'),
    bookedByUserId: text('booked_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('appointments_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('appointments_duration_positive', sql`${t.serviceDuration} > 0`),
    check(
      'appointments_status_known',
      sql`${t.status} IN (${sqlLiterals(APPOINTMENT_STATUSES, ',')})`,
    ),
    index('appointments_client_start_idx').on(t.clientId, t.startTime),
    index('appointments_employee_start_idx').on(t.employeeId, t.startTime),
    index('appointments_start_idx').on(t.startTime),
    // issue 13 (0005_front_desk)
    check('appointments_booked_by_known', sql`${t.bookedBy} IN ('client', 'staff')`),
    index('appointments_client_record_start_idx').on(t.clientRecordId, t.startTime),
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
    appointmentTimeSlotInterval: integer('appointment_time_slot_interval').notNull().default(DEFAULT_SLOT_INTERVAL),
    cancellationPolicyHours: integer('cancellation_policy_hours').notNull().default(DEFAULT_CANCELLATION_POLICY_HOURS),
    // issue 14 (0004_messages): hours before an appointment its reminder leaves; 0 = no reminders
    reminderHours: integer('reminder_hours').notNull().default(DEFAULT_REMINDER_HOURS),
    openingHours: jsonb('opening_hours').$type<Partial<WeeklySchedule>>().notNull().default({}),
    updatedAt: updated(),
    // issue 16 (0002_hardening, ADR 025): what a client may book for themselves.
    maxFutureAppointmentsPerClient: integer('max_future_appointments_per_client').notNull().default(DEFAULT_MAX_FUTURE_APPOINTMENTS),
    bookingHorizonDays: integer('booking_horizon_days').notNull().default(DEFAULT_BOOKING_HORIZON_DAYS),
  },
  (t) => [
    check('salon_settings_single_row', sql`${t.id} = 1`),
    check('salon_settings_interval', sql`${t.appointmentTimeSlotInterval} IN (${sqlLiterals(SLOT_INTERVAL_OPTIONS)})`),
    check('salon_settings_cancellation', sql`${t.cancellationPolicyHours} >= 0`),
    check('salon_settings_reminder_hours', sql`${t.reminderHours} >= 0 AND ${t.reminderHours} <= ${sqlLiterals([MAX_REMINDER_HOURS])}`),

    check('salon_settings_max_future_appointments', sql`${t.maxFutureAppointmentsPerClient} BETWEEN ${sqlLiterals([MAX_FUTURE_APPOINTMENTS_RANGE.min])} AND ${sqlLiterals([MAX_FUTURE_APPOINTMENTS_RANGE.max])}`),
    check('salon_settings_booking_horizon', sql`${t.bookingHorizonDays} BETWEEN ${sqlLiterals([BOOKING_HORIZON_RANGE.min])} AND ${sqlLiterals([BOOKING_HORIZON_RANGE.max])}`),
  ],
);

// ---- issue 15: exceptions to the weekly pattern (docs/decisions/023) ----

// Salon closures (whole days) and special opening hours; dates inclusive, times salon wall clock.
export const salonExceptions = pgTable(
  'salon_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['closed', 'special_hours'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    reason: text('reason').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    check('salon_exceptions_kind', sql`${t.kind} IN ('closed', 'special_hours')`),
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
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    reason: text('reason').notNull().default(''),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    check('employee_time_off_range', sql`${t.endDate} >= ${t.startDate}`),
    check('employee_time_off_times', sql`(${t.startTime} IS NULL) = (${t.endTime} IS NULL)`),
    index('employee_time_off_employee_end_idx').on(t.employeeId, t.endDate),
  ],
);

// ---- issue 14: messages (0004_messages, docs/decisions/021 and 022) ----

// One row per message decided: the primary key is the idempotency key (appointment, kind, version).
export const sentMessages = pgTable(
  'sent_messages',
  {
    key: text('key').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    sentTo: text('sent_to'),
    outcome: text('outcome', { enum: ['sent', 'no_email'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_messages_appointment_idx').on(t.appointmentId), check('sent_messages_outcome', sql`${t.outcome} IN ('sent', 'no_email')`)],
);

export const messagePreferences = pgTable('message_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  reminders: boolean('reminders').notNull().default(true),
  updatedAt: updated(),
});

/** One feed per staff member; only the SHA-256 of its token is kept (migration 0010, ADR 032). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: created(),
});

export const messageWorkers = pgTable('message_workers', {
  workerId: text('worker_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages a change asked for, not yet handed to graphile-worker (migration 0006, ADR 028): written
 * in the change's transaction, moved by the relay (SQL function relay_message_outbox).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    op: text('op', { enum: ['add', 'remove'] }).notNull(),
    jobKey: text('job_key').notNull(),
    payload: json('payload'),
    runAt: timestamp('run_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [check('message_outbox_op', sql`${t.op} IN ('add', 'remove')`)],
);

// ---- issue 13: the front desk (migration 0005_front_desk) ----

/** The salon's client records: everyone with appointments, with or without an account. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** E.164, e.g. +34612345678 (domain/phone.ts). */
    phone: text('phone'),
    email: text('email'),
    /** Private staff notes: never in a client-facing answer. */
    notes: text('notes').notNull().default(''),
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
    /** When she stopped reminders from an email's link (0007; null: on). An account's choice is message_preferences. */
    remindersStoppedAt: timestamp('reminders_stopped_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('clients_email_lower_idx').on(sql`lower(${t.email})`), index('clients_phone_idx').on(t.phone)],
);

export type ChangeSnapshot = { startTime: string; endTime: string; employeeId: string; employeeName: string };

/** Who changed what and when on an appointment (a reschedule). */
export const appointmentChanges = pgTable(
  'appointment_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['rescheduled'] }).notNull(),
    changedByUserId: text('changed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    changedByRole: text('changed_by_role').notNull(),
    before: jsonb('before').$type<ChangeSnapshot>().notNull(),
    after: jsonb('after').$type<ChangeSnapshot>().notNull(),
    createdAt: created(),
  },
  (t) => [index('appointment_changes_appointment_idx').on(t.appointmentId, t.createdAt)],
);

/**
 * Who created and changed a client record, and when (migration 0011, ADR 033): shown on the
 * record to the staff. A record an online booking made is created by the client herself.
 */
export const clientRecordChanges = pgTable(
  'client_record_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'updated'] }).notNull(),
    changedByUserId: text('changed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    changedByRole: text('changed_by_role').notNull(),
    createdAt: created(),
  },
  (t) => [check('client_record_changes_action', sql`${t.action} IN ('created', 'updated')`), index('client_record_changes_client_idx').on(t.clientId, t.createdAt)],
);
