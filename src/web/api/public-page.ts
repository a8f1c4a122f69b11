import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { isValidIsoDate } from '../../domain/calendar-date';
import { MSG } from '../../domain/texts/common';
import { api, call, type ApiClient } from '../lib/api';

// What the salon's public page reads (ADRs 078, 079): its profile (src/server/features/public-page)
// and the free times anyone may read (the booking room's public routes: the client's own rule,
// limited per address). Booking itself is api/booking.ts's `book`, signed in.

export type SalonProfile = InferResponseType<ApiClient['public-page']['$get'], 200>;
export type PublicServiceItem = SalonProfile['categories'][number]['services'][number];

/** The salon's public profile; the page's first view reads it on the server. */
export const publicPageQuery = (client: ApiClient = api) =>
  queryOptions({
    queryKey: ['public-page'] as const,
    queryFn: async () => call(client['public-page'].$get(), MSG.serviceLoadFailed),
  });

/** The free times of a service with a professional or anyone ('cualquiera') on a day, for anyone. */
export const publicSlotsQuery = (serviceId: string, professionalId: string, date: string) =>
  queryOptions({
    queryKey: ['public-page', 'slots', serviceId, professionalId, date] as const,
    queryFn: async () => (await call(api.booking.public.slots.$get({ query: { serviceId, professionalId, date } }), MSG.realtimeFailed)).slots,
    enabled: serviceId !== '' && professionalId !== '' && isValidIsoDate(date),
    staleTime: 0,
  });

/** The calendar's month ('YYYY-MM-01') for anyone: each day's state and the first free time (ADR 061). */
export const publicMonthQuery = (serviceId: string, professionalId: string, month: string) =>
  queryOptions({
    queryKey: ['public-page', 'month', serviceId, professionalId, month] as const,
    queryFn: async () => {
      const res = await call(api.booking.public.month.$get({ query: { serviceId, professionalId, month: month.slice(0, 7) } }), MSG.realtimeFailed);
      return { days: new Map(res.days.map((d) => [d.date, d] as const)), first: res.first };
    },
    enabled: serviceId !== '' && professionalId !== '' && isValidIsoDate(month),
    staleTime: 0,
  });
