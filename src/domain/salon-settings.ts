import { DEFAULT_COMPLETE_WITHOUT_CONSENT } from './consents';
import { DEFAULT_CANCELLATION_POLICY_HOURS } from './appointment-status';
import { DEFAULT_REMINDER_HOURS } from './notification-rules';

import { DEFAULT_NO_SHOW_SPENDS_SESSION } from './bonos';
import { DEFAULT_DISCOUNT_REASONS, DEFAULT_STAFF_DISCOUNT_PERCENT } from './discounts';
import { DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_MAX_FUTURE_APPOINTMENTS } from './booking-limits';
import { DEFAULT_SLOT_INTERVAL, type SlotInterval } from './slots';
import { DAY_KEYS, emptyWeeklySchedule, type WeeklySchedule } from './weekly-schedule';

// The single salon settings record (SPEC §3) and what stands in for it when it is missing,
// so the server's answer and the settings form start from the same values.

export type SalonSettings = {
  name: string;
  address: string;
  phoneNumber: string;
  appointmentTimeSlotInterval: SlotInterval;
  cancellationPolicyHours: number;
  openingHours: WeeklySchedule;
  /** Hours before an appointment its reminder email leaves; 0 = no reminders (ADR 021) */
  reminderHours: number;

  /** Per-client cap of future confirmed appointments, and "reservas con hasta N días de antelación" (ADR 025) */
  maxFutureAppointmentsPerClient: number;
  bookingHorizonDays: number;
  /** ADR 037: "Una ausencia consume la sesión" of a bono (default yes) */
  noShowSpendsSession: boolean;
  /** ADR 041: "Permitir completar una cita sin consentimiento firmado" (default no) */
  completeWithoutConsent: boolean;
  /** ADR 052: how far below a price the staff may go (percent, default 0), and the owner's discount reasons */
  staffDiscountMaxPercent: number;
  discountReasons: string[];
};

/** SPEC §9 insists on this spelling (not the original's 'Beleza' typo). */
export const DEFAULT_SALON_NAME = 'Mi Salón de Belleza';

/** A fresh record of the spec's defaults: every call returns new objects the caller may edit. */
export function defaultSalonSettings(): SalonSettings {
  return {
    name: DEFAULT_SALON_NAME,
    address: '',
    phoneNumber: '',
    appointmentTimeSlotInterval: DEFAULT_SLOT_INTERVAL,
    cancellationPolicyHours: DEFAULT_CANCELLATION_POLICY_HOURS,
    // "Empty opening hours" (SPEC §3): every day closed until the admin sets them.
    openingHours: emptyWeeklySchedule(),
    reminderHours: DEFAULT_REMINDER_HOURS,

    maxFutureAppointmentsPerClient: DEFAULT_MAX_FUTURE_APPOINTMENTS,
    bookingHorizonDays: DEFAULT_BOOKING_HORIZON_DAYS,
    noShowSpendsSession: DEFAULT_NO_SHOW_SPENDS_SESSION,
    completeWithoutConsent: DEFAULT_COMPLETE_WITHOUT_CONSENT,
    staffDiscountMaxPercent: DEFAULT_STAFF_DISCOUNT_PERCENT,
    discountReasons: [...DEFAULT_DISCOUNT_REASONS],
  };
}

/**
 * The salon's opening hours as the availability rule reads them (ADR 060): the stored week when
 * the owner has set one, or null, "not set", which bounds nothing. A week without a single open
 * day is "not set" too: it is what a missing record means (SPEC §3, "empty opening hours") and
 * what the settings form saved before the hours counted, so no salon loses its bookable times by
 * upgrading. Closing the salon is done with closures, not with a week of closed days.
 */
export function openingHoursOf(stored: Partial<WeeklySchedule> | null | undefined): Partial<WeeklySchedule> | null {
  if (!stored || typeof stored !== 'object') return null;
  return DAY_KEYS.some((d) => stored[d]?.isWorkingDay === true) ? stored : null;
}
