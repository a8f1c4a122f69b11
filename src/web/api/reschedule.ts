import { queryOptions, useQuery } from '@tanstack/react-query';
import { isValidIsoDate } from '../../domain/calendar-date';
import { MSG } from '../../domain/texts/common';
import { STAFF_MSG } from '../../domain/texts/staff';
import { api, call } from '../lib/api';

// Moving an appointment (src/server/features/booking, /api/booking/reschedule;
// docs/decisions/020-rescheduling.md), by its client (Mis Citas) or the staff (the day view, the
// conflicts of a closure). Apart from api/booking.ts, which the booking page's first view loads.

/** `resourceIds`: the staff's choice of cabins and machines (ADR 036); without it the server keeps picking the first free. */
export type RescheduleChoice = { professionalId: string; date: string; time: string; resourceIds?: string[] };

/** The times an appointment can move to with a professional on a day (its own time counts as free). */
export const rescheduleSlotsQuery = (appointmentId: string, professionalId: string, date: string) =>
  queryOptions({
    queryKey: ['booking', 'reschedule-slots', appointmentId, professionalId, date] as const,
    queryFn: async () =>
      (
        await call(
          api.booking.reschedule[':id'].slots.$get({ param: { id: appointmentId }, query: { professionalId, date } }),
          MSG.realtimeFailed,
        )
      ).slots,
    enabled: professionalId !== '' && isValidIsoDate(date),
    staleTime: 0,
  });

/** Moves an appointment; the server decides and its Spanish refusal is the error's message. */
export const reschedule = async (appointmentId: string, json: RescheduleChoice) =>
  (await call(api.booking.reschedule[':id'].$post({ param: { id: appointmentId }, json }), STAFF_MSG.rescheduleFailed)).appointment;

/** What components/reschedule-form.tsx needs from the server, handed to it by the pages that move appointments. */
export const rescheduleCalls = {
  useSlots: (appointmentId: string, professionalId: string, date: string) =>
    useQuery(rescheduleSlotsQuery(appointmentId, professionalId, date)),
  save: reschedule,
};
