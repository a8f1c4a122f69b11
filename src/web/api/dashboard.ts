import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

type DashboardJson = InferResponseType<(typeof api.admin.dashboard)['$get'], 200>;
type RowJson = DashboardJson['agenda'][number];

/** A dashboard row with real Dates (the API sends ISO strings). */
export type DashboardAppointment = Omit<RowJson, 'startTime' | 'endTime'> & { startTime: Date; endTime: Date };

export type Dashboard = Omit<DashboardJson, 'agenda' | 'next'> & { agenda: DashboardAppointment[]; next: DashboardAppointment | null };

const toAppointment = (r: RowJson): DashboardAppointment => ({ ...r, startTime: new Date(r.startTime), endTime: new Date(r.endTime) });

async function fetchDashboard(): Promise<Dashboard> {
  const body = await call(api.admin.dashboard.$get(), MSG.appointmentsLoadFailed);
  return { ...body, agenda: body.agenda.map(toAppointment), next: body.next ? toAppointment(body.next) : null };
}

/** Today's figures, the next confirmed appointment and today's agenda (SPEC §2 Admin dashboard). */
export const dashboardQuery = () => queryOptions({ queryKey: ['admin', 'dashboard'] as const, queryFn: fetchDashboard });
