import type { InferResponseType } from 'hono/client';
import type { ADMIN_TRANSITIONS, AppointmentStatus } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { api, call } from '../../lib/api';

export type AdminAction = (typeof ADMIN_TRANSITIONS)[number];

type PageJson = InferResponseType<(typeof api.admin.appointments)['$get'], 200>;
type RowJson = PageJson['appointments'][number];

/** A row of the admin list with real Dates (the API sends ISO strings). */
export type AdminAppointment = Omit<RowJson, 'startTime' | 'endTime'> & { startTime: Date; endTime: Date };
export type AppointmentsPage = { appointments: AdminAppointment[]; hasMore: boolean; nextCursor: string | null };

export type Filters = { from: string; to: string; employeeId: string; status: AppointmentStatus | '' };

export const appointmentsKey = (f: Filters) => ['admin', 'appointments', f] as const;
export const filterEmployeesKey = ['admin', 'appointments', 'employees'] as const;

const toAppointment = (r: RowJson): AdminAppointment => ({ ...r, startTime: new Date(r.startTime), endTime: new Date(r.endTime) });

/** One page (50 rows, newest first) of the filtered list; `cursor` comes from the previous page. */
export async function fetchAppointmentsPage(f: Filters, cursor: string | null): Promise<AppointmentsPage> {
  const query: { from: string; to: string; employeeId?: string; status?: AppointmentStatus; cursor?: string } = { from: f.from, to: f.to };
  if (f.employeeId) query.employeeId = f.employeeId;
  if (f.status) query.status = f.status;
  if (cursor) query.cursor = cursor;
  const body = await call(api.admin.appointments.$get({ query }), MSG.appointmentsLoadFailed);
  return { appointments: body.appointments.map(toAppointment), hasMore: body.hasMore, nextCursor: body.nextCursor };
}

export async function fetchFilterEmployees() {
  const body = await call(api.admin.appointments.employees.$get(), MSG.employeesLoadFailed);
  return body.employees;
}

export async function changeStatus(id: string, status: AdminAction): Promise<AdminAppointment> {
  const body = await call(api.admin.appointments[':id'].status.$patch({ param: { id }, json: { status } }), MSG.statusUpdateFailed);
  return toAppointment(body.appointment);
}
