import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { DEFAULT_CANCELLATION_POLICY_HOURS } from '../../../domain/appointment-status';
import { DEFAULT_DISCOUNT_REASONS, DEFAULT_STAFF_DISCOUNT_PERCENT, STAFF_DISCOUNT_PERCENT_RANGE } from '../../../domain/discounts';
import { BOOKING_HORIZON_RANGE, DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_MAX_FUTURE_APPOINTMENTS, MAX_FUTURE_APPOINTMENTS_RANGE } from '../../../domain/booking-limits';
import { DEFAULT_REMINDER_HOURS, MAX_REMINDER_HOURS } from '../../../domain/notification-rules';
import { DEFAULT_SLOT_INTERVAL, SLOT_INTERVAL_OPTIONS } from '../../../domain/slots';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import { sqlLiterals } from '../sql-literals';
import { updated } from './columns';

// The salon's single settings record. Its defaults and limits are the domain's (SPEC §3, §9).

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
    // 0004_messages (ADR 021): hours before an appointment its reminder leaves; 0 = no reminders
    reminderHours: integer('reminder_hours').notNull().default(DEFAULT_REMINDER_HOURS),
    openingHours: jsonb('opening_hours').$type<Partial<WeeklySchedule>>().notNull().default({}),
    updatedAt: updated(),
    // 0002_hardening (ADR 025): what a client may book for themselves.
    maxFutureAppointmentsPerClient: integer('max_future_appointments_per_client').notNull().default(DEFAULT_MAX_FUTURE_APPOINTMENTS),
    bookingHorizonDays: integer('booking_horizon_days').notNull().default(DEFAULT_BOOKING_HORIZON_DAYS),
    // 0013_bonos (ADR 037): "Una ausencia consume la sesión"; read by the trigger appointments_bono_session.
    noShowSpendsSession: boolean('no_show_spends_session').notNull().default(true),
    // 0015_consents (ADR 041): "Permitir completar una cita sin consentimiento firmado"; read by the trigger appointments_consent_on_complete.
    completeWithoutConsent: boolean('complete_without_consent').notNull().default(false),
    // 0020_money_trust (ADR 052): how far below a price the staff may sell or charge (percent), and the owner's discount reasons.
    staffDiscountMaxPercent: integer('staff_discount_max_percent').notNull().default(DEFAULT_STAFF_DISCOUNT_PERCENT),
    discountReasons: jsonb('discount_reasons').$type<string[]>().notNull().default([...DEFAULT_DISCOUNT_REASONS]),
  },
  (t) => [
    check('salon_settings_single_row', sql`${t.id} = 1`),
    check('salon_settings_interval', sql`${t.appointmentTimeSlotInterval} IN (${sqlLiterals(SLOT_INTERVAL_OPTIONS)})`),
    check('salon_settings_cancellation', sql`${t.cancellationPolicyHours} >= 0`),
    check('salon_settings_reminder_hours', sql`${t.reminderHours} >= 0 AND ${t.reminderHours} <= ${sqlLiterals([MAX_REMINDER_HOURS])}`),

    check('salon_settings_max_future_appointments', sql`${t.maxFutureAppointmentsPerClient} BETWEEN ${sqlLiterals([MAX_FUTURE_APPOINTMENTS_RANGE.min])} AND ${sqlLiterals([MAX_FUTURE_APPOINTMENTS_RANGE.max])}`),
    check('salon_settings_staff_discount', sql`${t.staffDiscountMaxPercent} BETWEEN ${sqlLiterals([STAFF_DISCOUNT_PERCENT_RANGE.min])} AND ${sqlLiterals([STAFF_DISCOUNT_PERCENT_RANGE.max])}`),
    check('salon_settings_booking_horizon', sql`${t.bookingHorizonDays} BETWEEN ${sqlLiterals([BOOKING_HORIZON_RANGE.min])} AND ${sqlLiterals([BOOKING_HORIZON_RANGE.max])}`),
  ],
);
