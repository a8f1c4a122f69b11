import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { MSG } from '../../../domain/texts/common';
import { professionalsKey, serviceKey } from '../../app/routes';
import { api, ApiRequestError, call } from '../../lib/api';

// The booking screen's calls, typed from the server's own routes (hc<AppType>).

export type Professional = InferResponseType<(typeof api.catalog.services)[':serviceId']['professionals']['$get'], 200>['professionals'][number];
export type BookingBody = InferRequestType<typeof api.booking.$post>['json'];

export const slotsKey = (serviceId: string, professionalId: string, date: string) => ['booking', 'slots', serviceId, professionalId, date] as const;

// The first view's keys are in the route table: the server renders this page with them (app/routes.ts).
export { professionalsKey, serviceKey };

export function useService(serviceId: string) {
  return useQuery({
    queryKey: serviceKey(serviceId),
    queryFn: async () => (await call(api.catalog.services[':serviceId'].$get({ param: { serviceId } }), MSG.serviceLoadFailed)).service,
    retry: (count, err) => count < 2 && !(err instanceof ApiRequestError && err.status === 404),
  });
}

export function useProfessionals(serviceId: string, enabled: boolean) {
  return useQuery({
    queryKey: professionalsKey(serviceId),
    queryFn: async () =>
      (await call(api.catalog.services[':serviceId'].professionals.$get({ param: { serviceId } }), MSG.employeesForServiceFailed)).professionals,
    enabled,
  });
}

export function useSlots(serviceId: string, professionalId: string, date: string) {
  return useQuery({
    queryKey: slotsKey(serviceId, professionalId, date),
    queryFn: async () => (await call(api.booking.slots.$get({ query: { serviceId, professionalId, date } }), MSG.realtimeFailed)).slots,
    enabled: professionalId !== '',
    // Live updates refetch it; a stale grid must never be served from cache on return.
    staleTime: 0,
  });
}

export const closedDaysKey = (professionalId: string, month: string) => ['booking', 'closed-days', professionalId, month] as const;

/**
 * Days of the month around `month` ('YYYY-MM-01') a closure or a time off makes unavailable
 * (issue 15). Without a professional yet, the salon's closures alone.
 */
export function useClosedDays(professionalId: string, month: string, from: string, to: string) {
  return useQuery({
    queryKey: closedDaysKey(professionalId, month),
    // date -> the reason, which the server gives to staff only ('Cerrado: Reyes'); '' for clients,
    // except past the booking horizon, whose note everyone sees (horizonNote: shown under the calendar).
    queryFn: async () => {
      const res = await call(api.booking['closed-days'].$get({ query: { professionalId: professionalId || 'salon', from, to } }), MSG.realtimeFailed);
      return { days: new Map(res.days.map((d) => [d.date, d.label ?? ''] as const)), horizonNote: res.horizonNote };
    },
    staleTime: 0,
  });
}

/**
 * The booking request, sent once at a time. Not react-query's useMutation: its 0.9 KB chunk was
 * the room this first view needed under the bundle budget (ADR 009), and one request needs no cache.
 */
export function useBook() {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);
  const mutate = async (body: BookingBody, on: { onSuccess: () => void; onError: (err: unknown) => void }) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    try {
      await call(api.booking.$post({ json: body }), MSG.bookingFailed);
      on.onSuccess();
    } catch (err) {
      on.onError(err);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };
  return { isPending, mutate };
}
