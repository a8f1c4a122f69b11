import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { MESSAGING_MSG } from '../../domain/texts/messaging';
import { api, call } from '../lib/api';

// The messaging room's calls for the desk (src/server/features/messaging, ADR 057): tomorrow's
// visits with their wa.me links, one appointment's or one client record's, and the tap that marks
// "Recordatorio enviado".

const m = api.messaging;

export type DeskVisit = InferResponseType<(typeof m)['tomorrow']['$get'], 200>['visits'][number];

export const tomorrowRemindersQuery = () =>
  queryOptions({ queryKey: ['messaging', 'tomorrow'] as const, queryFn: () => call(m.tomorrow.$get(), MESSAGING_MSG.tomorrowLoadFailed) });

/** One appointment's WhatsApp link and reminder state (the day view's details). */
export const appointmentWhatsappQuery = (id: string) =>
  queryOptions({
    queryKey: ['messaging', 'appointment', id] as const,
    queryFn: () => call(m.appointments[':id'].whatsapp.$get({ param: { id } }), MSG.appointmentsLoadFailed),
  });

/** A client record's visits to come, each with its link (her record's page). */
export const clientWhatsappQuery = (id: string) =>
  queryOptions({
    queryKey: ['messaging', 'client', id] as const,
    queryFn: async () => (await call(m.clients[':id'].whatsapp.$get({ param: { id } }), MSG.appointmentsLoadFailed)).visits,
  });

/** The tap on a wa.me link: "Recordatorio enviado". */
export const markReminderSent = (id: string) => call(m.appointments[':id']['reminder-sent'].$post({ param: { id } }), MESSAGING_MSG.reminderMarkFailed);
