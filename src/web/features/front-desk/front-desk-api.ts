import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { api, call } from '../../lib/api';

// The front desk's calls (issue 13), typed from the server's own routes (hc<AppType>).

const desk = api['front-desk'];

export type SalonDay = InferResponseType<(typeof desk)['day']['$get'], 200>;
export type DayAppointment = SalonDay['appointments'][number];
export type DayProfessional = SalonDay['professionals'][number];
export type ClientSummary = InferResponseType<(typeof desk)['clients']['$get'], 200>['clients'][number];
export type ClientPageData = InferResponseType<(typeof desk)['clients'][':id']['$get'], 200>;
export type Change = InferResponseType<(typeof desk)['appointments'][':id']['changes']['$get'], 200>['changes'][number];
export type ClientInput = { name: string; phone: string; email?: string | null; notes?: string; confirmAttach?: boolean };

export const dayKey = (date: string) => ['front-desk', 'day', date] as const;
export const clientsKey = (q: string) => ['front-desk', 'clients', q] as const;
export const clientKey = (id: string) => ['front-desk', 'client', id] as const;
export const changesKey = (id: string) => ['front-desk', 'changes', id] as const;

export function useSalonDay(date: string) {
  return useQuery({
    queryKey: dayKey(date),
    queryFn: () => call(desk.day.$get({ query: { date } }), MSG.appointmentsLoadFailed),
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

export function useClientSearch(q: string, enabled = true) {
  return useQuery({
    queryKey: clientsKey(q),
    queryFn: async () => (await call(desk.clients.$get({ query: { q } }), STAFF_MSG.clientsLoadFailed)).clients,
    enabled,
    placeholderData: (prev) => prev,
  });
}

export function useClientPage(id: string) {
  return useQuery({ queryKey: clientKey(id), queryFn: () => call(desk.clients[':id'].$get({ param: { id } }), STAFF_MSG.clientsLoadFailed) });
}

export function useChanges(id: string) {
  return useQuery({
    queryKey: changesKey(id),
    queryFn: async () => (await call(desk.appointments[':id'].changes.$get({ param: { id } }), MSG.appointmentsLoadFailed)).changes,
  });
}

export function useCreateClient() {
  return useMutation({ mutationFn: async (json: ClientInput) => (await call(desk.clients.$post({ json }), STAFF_MSG.clientSaveFailed)).client });
}

export function useUpdateClient(id: string) {
  return useMutation({ mutationFn: async (json: ClientInput) => (await call(desk.clients[':id'].$put({ param: { id }, json }), STAFF_MSG.clientSaveFailed)).client });
}

export type StaffBooking = { clientId: string; serviceId: string; professionalId: string; date: string; time: string; notes?: string };

export function useStaffBook() {
  return useMutation({ mutationFn: async (json: StaffBooking) => (await call(api.booking.staff.$post({ json }), MSG.bookingFailed)).appointment });
}

export function useRescheduleSlots(id: string, professionalId: string, date: string) {
  return useQuery({
    queryKey: ['booking', 'reschedule-slots', id, professionalId, date],
    queryFn: async () =>
      (await call(api.booking.reschedule[':id'].slots.$get({ param: { id }, query: { professionalId, date } }), MSG.realtimeFailed)).slots,
    enabled: professionalId !== '' && date !== '',
    staleTime: 0,
  });
}

export function useReschedule(id: string) {
  return useMutation({
    mutationFn: async (json: { professionalId: string; date: string; time: string }) =>
      (await call(api.booking.reschedule[':id'].$post({ param: { id }, json }), STAFF_MSG.rescheduleFailed)).appointment,
  });
}
