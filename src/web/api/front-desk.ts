import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { STAFF_MSG } from '../../domain/texts/staff';
import type { MessageChannel } from '../../domain/message-channels';
import { api, call } from '../lib/api';

// The front desk's calls (src/server/features/front-desk; docs/decisions/018-salon-day-view.md,
// 019-client-records.md): the salon's day, the client records and an appointment's changes.

const desk = api['front-desk'];

export type SalonDay = InferResponseType<(typeof desk)['day']['$get'], 200>;
export type DayAppointment = SalonDay['appointments'][number];
export type DayProfessional = SalonDay['professionals'][number];
export type DayAbsence = SalonDay['absences'][number];
export type ClientSummary = InferResponseType<(typeof desk)['clients']['$get'], 200>['clients'][number];
export type ClientPageData = InferResponseType<(typeof desk)['clients'][':id']['$get'], 200>;
export type Change = InferResponseType<(typeof desk)['appointments'][':id']['changes']['$get'], 200>['changes'][number];
export type ClientInput = {
  name: string;
  phone: string;
  email?: string | null;
  notes?: string;
  /** How she hears from the salon (ADR 057); null: not chosen. */
  messageChannel?: MessageChannel | null;
  confirmAttach?: boolean;
};

/**
 * The salon's day: every professional's hours and appointments. The day before stays shown while
 * the next loads. Fresh for 30 s: the day view hears every change by its live events and marks the
 * days it touched stale (`dayQueryKeys`), so the days either side fetched ahead are drawn at once.
 */
export const salonDayQuery = (date: string) =>
  queryOptions({
    queryKey: [...dayQueryKeys, date] as const,
    queryFn: () => call(desk.day.$get({ query: { date } }), MSG.appointmentsLoadFailed),
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });
/** The key of every day's query (to mark them all stale). */
export const dayQueryKeys = ['front-desk', 'day'] as const;

/** The client records matching a name, phone or email ('' lists them all); the last answer stays while typing. */
export const clientsQuery = (q: string) =>
  queryOptions({
    queryKey: ['front-desk', 'clients', q] as const,
    queryFn: async () => (await call(desk.clients.$get({ query: { q } }), STAFF_MSG.clientsLoadFailed)).clients,
    placeholderData: (prev) => prev,
  });

/** One client's page: the record, totals, audit, upcoming and past appointments. */
export const clientQuery = (id: string) =>
  queryOptions({ queryKey: ['front-desk', 'client', id] as const, queryFn: () => call(desk.clients[':id'].$get({ param: { id } }), STAFF_MSG.clientsLoadFailed) });

/** Who moved an appointment, when, from where to where. */
export const changesQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['front-desk', 'changes', appointmentId] as const,
    queryFn: async () => (await call(desk.appointments[':id'].changes.$get({ param: { id: appointmentId } }), MSG.appointmentsLoadFailed)).changes,
  });

export const createClient = async (json: ClientInput) => (await call(desk.clients.$post({ json }), STAFF_MSG.clientSaveFailed)).client;

export const updateClient = async (id: string, json: ClientInput) =>
  (await call(desk.clients[':id'].$put({ param: { id }, json }), STAFF_MSG.clientSaveFailed)).client;
