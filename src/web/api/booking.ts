import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { isValidIsoDate } from '../../domain/calendar-date';
import { MSG } from '../../domain/texts/common';
import { api, ApiRequestError, call, type ApiClient } from '../lib/api';

// What booking reads and sends: the service and who offers it (the public catalog's answers,
// src/server/features/services), then the booking room's (src/server/features/booking): the free
// times, the closed days, a booking (the client's own or the front desk's for a client). The
// booking page's first view reads the first two (app/first-views.ts), in the browser and, with the
// server's own client, on the server. Moving an appointment is api/reschedule.ts: this module is in
// the booking page's first view, which does not download the staff's texts
// (docs/decisions/009-client-bundle-budget.md).

type Services = ApiClient['catalog']['services'];
export type Professional = InferResponseType<Services[':serviceId']['professionals']['$get'], 200>['professionals'][number];

export type BookingBody = InferRequestType<typeof api.booking.$post>['json'];
export type StaffBooking = InferRequestType<typeof api.booking.staff.$post>['json'];

/** One active service; a missing one (404) is not asked again. */
export const serviceQuery = (serviceId: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: ['catalog', 'service', serviceId] as const,
    queryFn: async () => (await call(client.catalog.services[':serviceId'].$get({ param: { serviceId } }), MSG.serviceLoadFailed)).service,
    retry: (count, err) => count < 2 && !(err instanceof ApiRequestError && err.status === 404),
  });

/** The professionals who offer a service (those with an account have a `userId`). */
export const professionalsQuery = (serviceId: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: ['catalog', 'professionals', serviceId] as const,
    queryFn: async () =>
      (await call(client.catalog.services[':serviceId'].professionals.$get({ param: { serviceId } }), MSG.employeesForServiceFailed)).professionals,
  });

/** The free start times of a service with a professional on a day. Live updates refetch it: never served stale. */
export const slotsQuery = (serviceId: string, professionalId: string, date: string) =>
  queryOptions({
    queryKey: ['booking', 'slots', serviceId, professionalId, date] as const,
    queryFn: async () => (await call(api.booking.slots.$get({ query: { serviceId, professionalId, date } }), MSG.realtimeFailed)).slots,
    enabled: serviceId !== '' && professionalId !== '' && isValidIsoDate(date),
    staleTime: 0,
  });

/** Every closed-days query starts with this key: invalidate it to refetch them all (a booking changes them). */
export const CLOSED_DAYS_FAMILY = ['booking', 'closed-days'] as const;

/**
 * Days around `month` ('YYYY-MM-01'), from `from` to `to`, that a closure or a time off makes
 * unavailable (docs/decisions/023-availability-exceptions.md). Without a professional yet, the
 * salon's closures alone. `days`: date -> the reason, which the server gives to staff only
 * ('Cerrado: Reyes'; '' for clients); `horizonNote`: past the booking horizon, for everyone.
 */
export const closedDaysQuery = (professionalId: string, month: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...CLOSED_DAYS_FAMILY, professionalId, month] as const,
    queryFn: async () => {
      const res = await call(api.booking['closed-days'].$get({ query: { professionalId: professionalId || 'salon', from, to } }), MSG.realtimeFailed);
      return { days: new Map(res.days.map((d) => [d.date, d.label ?? ''] as const)), horizonNote: res.horizonNote };
    },
    staleTime: 0,
  });

/** Every month query starts with this key: a booking or a live change refetches them. */
export const MONTH_FAMILY = ['booking', 'month'] as const;

/**
 * The calendar's month ('YYYY-MM-01') for a service with a professional or anyone ('cualquiera'):
 * each day free, full or closed (and why), and the first free time with its words (ADR 061).
 */
export const monthQuery = (serviceId: string, professionalId: string, month: string) =>
  queryOptions({
    queryKey: [...MONTH_FAMILY, serviceId, professionalId, month] as const,
    queryFn: async () => {
      const res = await call(api.booking.month.$get({ query: { serviceId, professionalId, month: month.slice(0, 7) } }), MSG.realtimeFailed);
      return { days: new Map(res.days.map((d) => [d.date, d] as const)), first: res.first };
    },
    enabled: serviceId !== '' && professionalId !== '' && isValidIsoDate(month),
    staleTime: 0,
  });

/** The client's own booking. */
export const book = (json: BookingBody) => call(api.booking.$post({ json }), MSG.bookingFailed);

/** The front desk books for a client (found or created first). */
/** `bonoNote`: her bono had no session for this visit, which is paid normally (ADR 053): the desk is told. */
export const staffBook = (json: StaffBooking) => call(api.booking.staff.$post({ json }), MSG.bookingFailed);
