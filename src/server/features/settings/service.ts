import { cleanReasons } from '../../../domain/discounts';
import { defaultSalonSettings, type SalonSettings } from '../../../domain/salon-settings';
import { slotIntervalOf } from '../../../domain/slots';
import { DAY_KEYS, emptyWeeklySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import type { Deps } from '../../http/env';
import { assertValidSchedule } from '../../http/weekly-schedule-schema';
import { readSettings, writeSettings, type SettingsRow } from './queries';

export type SettingsAnswer = SalonSettings & { updatedAt: string | null };

/** A stored week may lack days (the column defaults to {}): a missing day is a day off. */
function fullWeek(stored: Partial<WeeklySchedule>): WeeklySchedule {
  const week = emptyWeeklySchedule();
  for (const day of DAY_KEYS) {
    const d = stored[day];
    if (d) week[day] = { ...d, breaks: [...(d.breaks ?? [])] };
  }
  return week;
}

function answerOf(row: SettingsRow | undefined): SettingsAnswer {
  // SPEC §3: the defaults stand in for a missing record.
  if (!row) return { ...defaultSalonSettings(), updatedAt: null };
  return {
    name: row.name,
    address: row.address,
    phoneNumber: row.phoneNumber,
    appointmentTimeSlotInterval: slotIntervalOf(row.appointmentTimeSlotInterval),
    cancellationPolicyHours: row.cancellationPolicyHours,
    openingHours: fullWeek(row.openingHours),
    reminderHours: row.reminderHours,
    maxFutureAppointmentsPerClient: row.maxFutureAppointmentsPerClient,
    bookingHorizonDays: row.bookingHorizonDays,
    noShowSpendsSession: row.noShowSpendsSession,
    completeWithoutConsent: row.completeWithoutConsent,
    staffDiscountMaxPercent: row.staffDiscountMaxPercent,
    discountReasons: row.discountReasons,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** SPEC §2 Salon settings, §7 Settings. The field rules were checked by the route's schema. */
export function adminSettings(deps: Pick<Deps, 'db' | 'now'>) {
  return {
    get: async (): Promise<SettingsAnswer> => answerOf(await readSettings(deps.db)),

    async save(input: Omit<SalonSettings, 'reminderHours' | 'maxFutureAppointmentsPerClient' | 'bookingHorizonDays' | 'noShowSpendsSession' | 'completeWithoutConsent' | 'staffDiscountMaxPercent' | 'discountReasons'> & Partial<SalonSettings>): Promise<SettingsAnswer> {
      assertValidSchedule(input.openingHours);
      // A form that does not send the booking limits keeps what is stored (or the defaults).
      const current = answerOf(await readSettings(deps.db));
      const row = await writeSettings(
        deps.db,
        {
          name: input.name.trim(),
          address: input.address.trim(),
          phoneNumber: input.phoneNumber.trim(),
          appointmentTimeSlotInterval: input.appointmentTimeSlotInterval,
          cancellationPolicyHours: input.cancellationPolicyHours,
          openingHours: input.openingHours,
          // undefined: left as stored (or the column's default on the first save)
          ...(input.reminderHours === undefined ? {} : { reminderHours: input.reminderHours }),
          maxFutureAppointmentsPerClient: input.maxFutureAppointmentsPerClient ?? current.maxFutureAppointmentsPerClient,
          bookingHorizonDays: input.bookingHorizonDays ?? current.bookingHorizonDays,
          noShowSpendsSession: input.noShowSpendsSession ?? current.noShowSpendsSession,
          completeWithoutConsent: input.completeWithoutConsent ?? current.completeWithoutConsent,
          staffDiscountMaxPercent: input.staffDiscountMaxPercent ?? current.staffDiscountMaxPercent,
          discountReasons: input.discountReasons ? cleanReasons(input.discountReasons) : current.discountReasons,
        },
        deps.now(),
      );
      return answerOf(row);
    },
  };
}
