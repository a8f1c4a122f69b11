import { Hono } from 'hono';
import { z } from 'zod';
import { LIMITS, settingsFieldsError } from '../../../domain/back-office-rules';
import { isReminderHours } from '../../../domain/notification-rules';
import { isValidCap, isValidHorizon } from '../../../domain/booking-limits';
import { DISCOUNT_MSG, DISCOUNT_REASON_TEXT_MAX, DISCOUNT_REASONS_MAX, discountSettingsProblem } from '../../../domain/discounts';
import { hasControlCharacters } from '../../../domain/plain-text';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { SlotInterval } from '../../../domain/slots';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { validate } from '../../http/validate';
import { weeklyScheduleSchema } from '../../http/weekly-schedule-schema';
import { adminSettings } from './service';

const SettingsBody = z
  .strictObject({
    name: z.string({ error: MSG.salonNameRequired }),
    address: z.string().max(LIMITS.addressMax).default(''),
    phoneNumber: z.string().max(LIMITS.phoneMax).default(''),
    appointmentTimeSlotInterval: z.number({ error: MSG.slotIntervalInvalid }),
    cancellationPolicyHours: z.number({ error: MSG.cancellationHoursInvalid }),
    openingHours: weeklyScheduleSchema,
    // Optional (ADR 021), so a form that does not know it leaves it as it is
    reminderHours: z.number({ error: STAFF_MSG.reminderHoursInvalid }).refine(isReminderHours, STAFF_MSG.reminderHoursInvalid).optional(),
    // ADR 025. Optional so an older form that does not send them keeps the stored values.
    maxFutureAppointmentsPerClient: z.number({ error: STAFF_MSG.bookingCapInvalid }).optional(),
    bookingHorizonDays: z.number({ error: STAFF_MSG.bookingHorizonInvalid }).optional(),
    // ADR 037: "Una ausencia consume la sesión"; optional so an older form keeps the stored value.
    noShowSpendsSession: z.boolean({ error: MSG.invalidInput }).optional(),
    // ADR 041: "Permitir completar una cita sin consentimiento firmado"; optional so an older form keeps the stored value.
    completeWithoutConsent: z.boolean({ error: MSG.invalidInput }).optional(),
    // ADR 052: the staff's discount limit (percent) and the owner's reasons; optional so an older form keeps them.
    staffDiscountMaxPercent: z.number({ error: DISCOUNT_MSG.limitInvalid }).optional(),
    discountReasons: z
      .array(z.string({ error: DISCOUNT_MSG.reasonsInvalid }).max(DISCOUNT_REASON_TEXT_MAX * 2, DISCOUNT_MSG.reasonsInvalid).refine((r) => !hasControlCharacters(r), STAFF_MSG.textControlCharacters), { error: DISCOUNT_MSG.reasonsInvalid })
      .max(DISCOUNT_REASONS_MAX * 2, DISCOUNT_MSG.reasonsInvalid)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const error = settingsFieldsError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
    else if (value.maxFutureAppointmentsPerClient !== undefined && !isValidCap(value.maxFutureAppointmentsPerClient)) ctx.addIssue({ code: 'custom', message: STAFF_MSG.bookingCapInvalid });
    else if (value.bookingHorizonDays !== undefined && !isValidHorizon(value.bookingHorizonDays)) ctx.addIssue({ code: 'custom', message: STAFF_MSG.bookingHorizonInvalid });
    else {
      const discounts = discountSettingsProblem({ staffDiscountMaxPercent: value.staffDiscountMaxPercent ?? 0, discountReasons: value.discountReasons ?? [] });
      if (discounts) ctx.addIssue({ code: 'custom', message: discounts });
    }
  })
  // settingsFieldsError has just checked the interval is one of SLOT_INTERVAL_OPTIONS.
  .transform((v) => ({ ...v, appointmentTimeSlotInterval: v.appointmentTimeSlotInterval as SlotInterval }));

/** /api/admin/settings — admin only, every route says so itself. */
export const adminSettingsRoutes = (deps: Pick<Deps, 'db' | 'now'>) => {
  const settings = adminSettings(deps);
  return new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await settings.get()))
    .put('/', requireRole('admin'), validate('json', SettingsBody), async (c) => c.json(await settings.save(c.req.valid('json'))));
};
