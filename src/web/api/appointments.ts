import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ADMIN_TRANSITIONS, AppointmentStatus } from '../../domain/appointment-status';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The admin's appointments (src/server/features/appointments): the filtered list, paged
// (docs/decisions/005-admin-appointments-paging.md), and the status changes (006).

export type AdminAction = (typeof ADMIN_TRANSITIONS)[number];

type PageJson = InferResponseType<(typeof api.admin.appointments)['$get'], 200>;
type RowJson = PageJson['appointments'][number];

/** A row of the admin list with real Dates (the API sends ISO strings). */
export type AdminAppointment = Omit<RowJson, 'startTime' | 'endTime'> & { startTime: Date; endTime: Date };
export type AppointmentsPage = { appointments: AdminAppointment[]; hasMore: boolean; nextCursor: string | null };

export type Filters = { from: string; to: string; employeeId: string; status: AppointmentStatus | '' };
export type FilterEmployee = InferResponseType<(typeof api.admin.appointments.employees)['$get'], 200>['employees'][number];

/**
 * The admin's dashboard (features/dashboard) caches under this key: a status change invalidates
 * it. (Its query lives with the dashboard's room; this is the prefix both agree on.)
 */
export const DASHBOARD_FAMILY = ['admin', 'dashboard'] as const;

const toAppointment = (r: RowJson): AdminAppointment => ({ ...r, startTime: new Date(r.startTime), endTime: new Date(r.endTime) });

/** One page (50 rows, newest first) of the filtered list; `cursor` comes from the previous page. */
async function fetchAppointmentsPage(f: Filters, cursor: string | null): Promise<AppointmentsPage> {
  const query: { from: string; to: string; employeeId?: string; status?: AppointmentStatus; cursor?: string } = { from: f.from, to: f.to };
  if (f.employeeId) query.employeeId = f.employeeId;
  if (f.status) query.status = f.status;
  if (cursor) query.cursor = cursor;
  const body = await call(api.admin.appointments.$get({ query }), MSG.appointmentsLoadFailed);
  return { appointments: body.appointments.map(toAppointment), hasMore: body.hasMore, nextCursor: body.nextCursor };
}

/** The filtered list, page after page ('Cargar más'). */
export const appointmentsQuery = (f: Filters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'appointments', f] as const,
    queryFn: ({ pageParam }) => fetchAppointmentsPage(f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The employees the filter offers (leavers too, marked inactive). */
export const filterEmployeesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'appointments', 'employees'] as const,
    queryFn: async () => (await call(api.admin.appointments.employees.$get(), MSG.employeesLoadFailed)).employees,
    staleTime: 5 * 60_000,
  });

/** The mutation key of the list's status changes: the page's live reload waits while one is on its way. */
export const STATUS_CHANGE_MUTATION = ['admin', 'appointments', 'status'] as const;

/**
 * The admin marks a confirmed appointment completed, no-show or cancelled by the salon (the day
 * view does too); `wholeVisit`: the cancellation takes every part of its visit (ADR 098).
 */
export async function changeStatus(id: string, status: AdminAction, wholeVisit?: true): Promise<AdminAppointment> {
  const body = await call(api.admin.appointments[':id'].status.$patch({ param: { id }, json: { status, ...(wholeVisit ? { wholeVisit } : {}) } }), MSG.statusUpdateFailed);
  return toAppointment(body.appointment);
}
