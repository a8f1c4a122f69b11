import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { ReportTableId } from '../../domain/report-tables';
import { REPORTS_MSG } from '../../domain/texts/reports';
import { api, call } from '../lib/api';

// The Informes (ADR 042, /api/reports): one query per chart family, the same query
// string for all of them, and each table's CSV as a plain link (it downloads with the session's cookie).

const r = api.reports;
export type ReportParams = InferRequestType<typeof r.revenue.$get>['query'];

const keyOf = (p: ReportParams) => [p.period, p.from ?? '', p.to ?? '', p.professionalId ?? '', p.days ?? ''] as const;

export const revenueQuery = (p: ReportParams) =>
  queryOptions({ queryKey: ['reports', 'revenue', ...keyOf(p)] as const, queryFn: () => call(r.revenue.$get({ query: p }), REPORTS_MSG.loadFailed) });
export const occupancyQuery = (p: ReportParams) =>
  queryOptions({ queryKey: ['reports', 'occupancy', ...keyOf(p)] as const, queryFn: () => call(r.occupancy.$get({ query: p }), REPORTS_MSG.loadFailed) });
export const attendanceQuery = (p: ReportParams) =>
  queryOptions({ queryKey: ['reports', 'attendance', ...keyOf(p)] as const, queryFn: () => call(r.attendance.$get({ query: p }), REPORTS_MSG.loadFailed) });
export const servicesReportQuery = (p: ReportParams) =>
  queryOptions({ queryKey: ['reports', 'services', ...keyOf(p)] as const, queryFn: () => call(r.services.$get({ query: p }), REPORTS_MSG.loadFailed) });
export const clientsReportQuery = (p: ReportParams) =>
  queryOptions({ queryKey: ['reports', 'clients', ...keyOf(p)] as const, queryFn: () => call(r.clients.$get({ query: p }), REPORTS_MSG.loadFailed) });

/** The address of one table's CSV for these parameters. */
export function reportCsvUrl(table: ReportTableId, p: ReportParams): string {
  const q = new URLSearchParams(Object.entries(p).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])));
  return `/api/reports/csv/${table}?${q.toString()}`;
}
