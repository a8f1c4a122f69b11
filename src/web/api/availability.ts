import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { STAFF_MSG } from '../../domain/texts/staff';
import type { AffectedCalls } from '../components/affected-appointments';
import { api, call } from '../lib/api';
import { employeesQuery } from './employees';
import { rescheduleCalls } from './reschedule';

// Closures, special hours and time off (ADR 023), and the appointments they leave outside availability.
export type AvailabilityOverview = InferResponseType<typeof api.admin.availability.$get, 200>;
export type ConflictRow = AvailabilityOverview['conflicts'][number];
export type ClosureInput = Parameters<typeof api.admin.availability.closures.$post>[0]['json'];
export type TimeOffInput = Parameters<(typeof api.admin.availability)['time-off']['$post']>[0]['json'];

export const availabilityQuery = () =>
  queryOptions({
    queryKey: ['admin', 'availability'] as const,
    queryFn: () => call(api.admin.availability.$get(), STAFF_MSG.availabilityLoadFailed),
  });

export const addClosure = (json: ClosureInput) => call(api.admin.availability.closures.$post({ json }), STAFF_MSG.availabilitySaveFailed);
export const addNationalHolidays = (year: number) =>
  call(api.admin.availability['national-holidays'].$post({ json: { year } }), STAFF_MSG.availabilitySaveFailed);
export const deleteClosure = (id: string) =>
  call(api.admin.availability.closures[':id'].$delete({ param: { id } }), STAFF_MSG.availabilitySaveFailed);
export const addTimeOff = (json: TimeOffInput) =>
  call(api.admin.availability['time-off'].$post({ json }), STAFF_MSG.availabilitySaveFailed);
export const deleteTimeOff = (id: string) =>
  call(api.admin.availability['time-off'][':id'].$delete({ param: { id } }), STAFF_MSG.availabilitySaveFailed);
/** An affected appointment, cancelled as the salon. */
export const cancelAsSalon = (id: string) =>
  call(
    api.admin.appointments[':id'].status.$patch({ param: { id }, json: { status: 'cancelled_by_salon' } }),
    STAFF_MSG.availabilitySaveFailed,
  );

/** What components/affected-appointments.tsx asks the server (cancel, move, the professionals), handed in by the availability and resources pages. */
export const affectedCalls: AffectedCalls = {
  cancel: cancelAsSalon,
  reschedule: rescheduleCalls,
  useProfessionals: () => useQuery(employeesQuery()),
};

// The professional's own time off (ADR 024): /employee/time-off.
export type MyTimeOffInput = Parameters<(typeof api)['my-time-off']['$post']>[0]['json'];

export const myTimeOffQuery = () =>
  queryOptions({
    queryKey: ['my-time-off'] as const,
    queryFn: () => call(api['my-time-off'].$get(), STAFF_MSG.availabilityLoadFailed),
  });
export const addMyTimeOff = (json: MyTimeOffInput) => call(api['my-time-off'].$post({ json }), STAFF_MSG.availabilitySaveFailed);
export const deleteMyTimeOff = (id: string) => call(api['my-time-off'][':id'].$delete({ param: { id } }), STAFF_MSG.availabilitySaveFailed);

// "Bloquear hueco" in the day view (ADR 058): a professional's or a cabin's time, and its removal.
export type BlockInput = Parameters<typeof api.blocks.$post>[0]['json'];
export const addBlock = (json: BlockInput) => call(api.blocks.$post({ json }), STAFF_MSG.blockFailed);
export const removeBlock = (id: string) => call(api.blocks[':id'].$delete({ param: { id } }), STAFF_MSG.blockFailed);
