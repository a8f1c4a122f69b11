import { isValidCap, isValidHorizon } from '../../../domain/booking-limits';
import { settingsFieldsError } from '../../../domain/back-office-rules';
import { cleanReasons, DISCOUNT_MSG, discountSettingsProblem } from '../../../domain/discounts';
import { isReminderHours } from '../../../domain/notification-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import type { SalonSettingsAnswer, SettingsInput } from '../../api/settings';

// The settings form's values as typed (numbers as the text in their boxes), and the rules that
// check them before anything is sent: the same ones the server applies.

export type SettingsValues = {
  name: string;
  address: string;
  phone: string;
  slotInterval: number;
  hours: string;
  reminderHours: string;
  /** ADR 025: what a client may book for themselves. */
  cap: string;
  horizon: string;
  /** ADR 037: "Una ausencia consume la sesión". */
  noShowSpendsSession: boolean;
  /** ADR 041: "Permitir completar una cita sin consentimiento firmado". */
  completeWithoutConsent: boolean;
  /** ADR 052: the staff's discount limit (percent, as typed) and the owner's reasons, one per line. */
  staffDiscount: string;
  discountReasons: string;
  openingHours: WeeklySchedule;
};

/** The fields a rule's message is shown beside. */
export type SettingsField = 'name' | 'interval' | 'hours' | 'reminder' | 'cap' | 'horizon' | 'discount' | 'reasons';

export const SETTINGS_FIELD_OF: Record<string, SettingsField> = {
  [MSG.salonNameRequired]: 'name',
  [MSG.slotIntervalInvalid]: 'interval',
  [MSG.cancellationHoursInvalid]: 'hours',
  [STAFF_MSG.reminderHoursInvalid]: 'reminder',
  [STAFF_MSG.bookingCapInvalid]: 'cap',
  [STAFF_MSG.bookingHorizonInvalid]: 'horizon',
  [DISCOUNT_MSG.limitInvalid]: 'discount',
  [DISCOUNT_MSG.reasonsInvalid]: 'reasons',
};

export const valuesOf = (s: SalonSettingsAnswer): SettingsValues => ({
  name: s.name,
  address: s.address,
  phone: s.phoneNumber,
  slotInterval: s.appointmentTimeSlotInterval,
  hours: String(s.cancellationPolicyHours),
  reminderHours: String(s.reminderHours),
  cap: String(s.maxFutureAppointmentsPerClient),
  horizon: String(s.bookingHorizonDays),
  noShowSpendsSession: s.noShowSpendsSession,
  completeWithoutConsent: s.completeWithoutConsent,
  staffDiscount: String(s.staffDiscountMaxPercent),
  discountReasons: s.discountReasons.join('\n'),
  openingHours: s.openingHours,
});

/** An empty box is "not a number", which the rule refuses with the field's own text. */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

export function inputOf(v: SettingsValues): SettingsInput & { reminderHours: number } {
  return {
    name: v.name.trim(),
    address: v.address.trim(),
    phoneNumber: v.phone.trim(),
    appointmentTimeSlotInterval: v.slotInterval,
    cancellationPolicyHours: numberOf(v.hours),
    openingHours: v.openingHours,
    maxFutureAppointmentsPerClient: numberOf(v.cap),
    bookingHorizonDays: numberOf(v.horizon),
    noShowSpendsSession: v.noShowSpendsSession,
    completeWithoutConsent: v.completeWithoutConsent,
    staffDiscountMaxPercent: numberOf(v.staffDiscount),
    discountReasons: cleanReasons(v.discountReasons.split('\n')),
    reminderHours: numberOf(v.reminderHours),
  };
}

/** The first rule the fields break (the weekly schedule is checked after these), or null. */
export function settingsProblem(input: SettingsInput & { reminderHours: number }): string | null {
  return (
    settingsFieldsError(input) ??
    (!isReminderHours(input.reminderHours)
      ? STAFF_MSG.reminderHoursInvalid
      : !isValidCap(input.maxFutureAppointmentsPerClient)
        ? STAFF_MSG.bookingCapInvalid
        : !isValidHorizon(input.bookingHorizonDays)
          ? STAFF_MSG.bookingHorizonInvalid
          : discountSettingsProblem({ staffDiscountMaxPercent: input.staffDiscountMaxPercent ?? 0, discountReasons: input.discountReasons ?? [] }))
  );
}
