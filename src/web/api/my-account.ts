import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { MESSAGING_MSG } from '../../domain/texts/messaging';
import { api, call, type ApiClient } from '../lib/api';

// Mis Citas (src/server/features/my-account): the client's appointments and cancelling one, her
// data (download, deletion: docs/decisions/026, 033) and her reminders switch (/api/messages,
// served by src/server/features/notifications; docs/decisions/022).

export type MyAppointments = InferResponseType<(typeof api)['my-appointments']['$get'], 200>;
export type MyAppointment = MyAppointments['appointments'][number];

/**
 * Her appointments in the page's order (upcoming first: docs/decisions/074), with the salon's
 * cancellation window, its phone and her cap; coming back from a booking or a cancel, always as they are now.
 */
export const myAppointmentsQuery = (client: ApiClient = api) =>
  queryOptions({
    queryKey: ['my-appointments'] as const,
    queryFn: () => call(client['my-appointments'].$get(), MSG.loadMyDataFailed),
    refetchOnMount: 'always',
  });

export const cancelMyAppointment = (id: string) => call(api['my-appointments'][':id'].cancel.$post({ param: { id } }), MSG.cancelFailed);

/** A plain link: the server answers everything it keeps about her as a JSON file (Content-Disposition). */
export const MY_DATA_EXPORT_URL = '/api/my-account/export';

/** Deletes her account: her password, or nothing when she has just signed in (a Google account: ADR 033). */
export const deleteMyAccount = (password: string) =>
  call(api['my-account'].delete.$post({ json: { confirm: 'ELIMINAR', ...(password ? { password } : {}) } }), MSG.internal);

/** Whether she gets reminders (the same switch as the one-click link in every email). */
export const reminderPreferencesQuery = () =>
  queryOptions({ queryKey: ['message-preferences'] as const, queryFn: () => call(api.messages.preferences.$get(), MSG.loadMyDataFailed) });

export const saveReminderPreference = (reminders: boolean) => call(api.messages.preferences.$put({ json: { reminders } }), MSG.loadMyDataFailed);

// Her phone and how the salon reaches her (ADR 057): on her client record, where the desk sees it.
export type MyContact = InferResponseType<(typeof api)['my-account']['contact']['$get'], 200>;
export type ContactInput = { phone: string | null; messageChannel: MyContact['messageChannel'] };

export const contactQuery = () =>
  queryOptions({ queryKey: ['my-contact'] as const, queryFn: () => call(api['my-account'].contact.$get(), MESSAGING_MSG.contactLoadFailed) });

export const saveContact = (json: ContactInput) => call(api['my-account'].contact.$put({ json }), MESSAGING_MSG.contactSaveFailed);

/** "Ahora no" on Mis Citas' note: it does not come back. */
export const dismissPhoneNote = () => call(api['my-account']['phone-note'].dismiss.$post(), MESSAGING_MSG.contactSaveFailed);
