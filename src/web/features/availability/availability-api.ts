import type { InferResponseType } from 'hono/client';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { api, call } from '../../lib/api';

export type AvailabilityOverview = InferResponseType<typeof api.admin.availability.$get, 200>;
export type ConflictRow = AvailabilityOverview['conflicts'][number];

export const AVAILABILITY_KEY = ['admin', 'availability'] as const;

export const fetchOverview = () => call(api.admin.availability.$get(), STAFF_MSG.availabilityLoadFailed);
export const addClosure = (json: Parameters<typeof api.admin.availability.closures.$post>[0]['json']) =>
  call(api.admin.availability.closures.$post({ json }), STAFF_MSG.availabilitySaveFailed);
export const addNationalHolidays = (year: number) => call(api.admin.availability['national-holidays'].$post({ json: { year } }), STAFF_MSG.availabilitySaveFailed);
export const deleteClosure = (id: string) => call(api.admin.availability.closures[':id'].$delete({ param: { id } }), STAFF_MSG.availabilitySaveFailed);
export const addTimeOff = (json: Parameters<typeof api.admin.availability['time-off']['$post']>[0]['json']) =>
  call(api.admin.availability['time-off'].$post({ json }), STAFF_MSG.availabilitySaveFailed);
export const deleteTimeOff = (id: string) => call(api.admin.availability['time-off'][':id'].$delete({ param: { id } }), STAFF_MSG.availabilitySaveFailed);
export const cancelAsSalon = (id: string) =>
  call(api.admin.appointments[':id'].status.$patch({ param: { id }, json: { status: 'cancelled_by_salon' } }), STAFF_MSG.availabilitySaveFailed);
export const fetchEmployees = () => call(api.admin.employees.$get(), STAFF_MSG.availabilityLoadFailed);
