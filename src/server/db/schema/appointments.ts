import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES } from '../../../domain/appointment-status';
import { FIT_IN_KINDS } from '../../../domain/squeeze';
import { sqlLiterals } from '../sql-literals';
import { created, updated } from './columns';
import { user } from './accounts';
import { clients } from './front-desk';
import { services } from './services';

// Appointments and the audit of their moves.

/** Who booked: the client online, or a staff member for a client record. */
const BOOKED_BY = ['client', 'staff'] as const;

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for a client the salon books without an account (ADR 019: client_record_id says who),
    // and once the client deleted their account (ADR 026): the row stays for the salon's
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
    // 0004_messages: the calendar SEQUENCE, raised by each move (ADR 021)
    messageSequence: integer('message_sequence').notNull().default(0),
    // 0012_resources (ADR 036): the appointment's own copy of its service's buffers, so a later
    // change of the service does not move what this appointment holds.
    prepMinutes: integer('prep_minutes').notNull().default(0),
    cleanupMinutes: integer('cleanup_minutes').notNull().default(0),

    // 0005_front_desk (ADR 019): the salon's client record, and who booked (the client online or a staff member).
    // SQL only (ADR 034): the trigger appointments_client_record fills it for an account's booking.
    clientRecordId: uuid('client_record_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    bookedBy: text('booked_by', { enum: BOOKED_BY }).notNull().default('client'),
    bookedByUserId: text('booked_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    // ADR 057: when the client said "Confirmo" (WhatsApp's button or the link of an SMS or of the
    // desk's WhatsApp). The status stays 'confirmed' (the spec's); the day view and the agenda show it.
    clientConfirmedAt: timestamp('client_confirmed_at', { withTimezone: true }),
    // 0019_health_need_to_know (ADR 051): the consent link's generation. A link names it (1: the
    // links mailed before); the trigger appointments_consent_link raises it when the visit moves to
    // another service, so every link sent for the old one dies.
    consentLinkGeneration: integer('consent_link_generation').notNull().default(1),
    // ADR 058: booked by the staff at a time the slot engine does not offer ('outside_hours', after
    // the "Fuera de horario" confirmation) or for a client who walked in ('walk_in'); null otherwise.
    fittedIn: text('fitted_in', { enum: FIT_IN_KINDS }),
    // ADR 081: the visit this appointment is a part of (several services booked together share
    // it); null for a visit of one service. Each part stays a whole appointment.
    visitId: uuid('visit_id'),
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
    // 0005_front_desk
    check('appointments_booked_by_known', sql`${t.bookedBy} IN (${sqlLiterals(BOOKED_BY)})`),
    index('appointments_client_record_start_idx').on(t.clientRecordId, t.startTime),
    check('appointments_fitted_in_known', sql`${t.fittedIn} IS NULL OR ${t.fittedIn} IN (${sqlLiterals(FIT_IN_KINDS)})`),
    index('appointments_visit_idx').on(t.visitId).where(sql`(visit_id IS NOT NULL)`),
    check('appointments_buffers_range', sql`${t.prepMinutes} BETWEEN 0 AND 120 AND ${t.cleanupMinutes} BETWEEN 0 AND 120`),
    // 0016_report_rollups (ADR 042): the Informes read confirmed appointments live, by salon day, the
    // rest from the rollups. `service_duration > 0` (always true, a CHECK) is a condition only the
    // Informes state: without it the booking's count of a client's confirmed appointments could
    // use this index too (a bitmap of every confirmed row, on the slot list's hot path).
    // Written as PostgreSQL prints it back, so db:check compares like with like.
    index('appointments_confirmed_day_idx')
      .on(sql`date((start_time AT TIME ZONE 'Europe/Madrid'::text))`)
      .where(sql`((status = 'confirmed'::text) AND (service_duration > 0))`),
    // The no-double-booking exclusion constraint is in the custom migrations (drizzle cannot express
    // it): 0001, replaced in 0012 by one over appointment_span(start, end, prep, cleanup) (ADR 036).
  ],
);

/** `resources`: the cabins and machines held, by name, when a move changed them (ADR 036). */
export type ChangeSnapshot = { startTime: string; endTime: string; employeeId: string; employeeName: string; resources?: string[] };

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
