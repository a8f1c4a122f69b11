import { Hono } from 'hono';
import { z } from 'zod';
import { REPORT_TABLE_IDS, tableCsv } from '../../../domain/report-tables';
import { LOST_DAYS_RANGE, REPORT_PERIODS } from '../../../domain/reports';
import { REPORTS_MSG } from '../../../domain/texts/reports';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { validate } from '../../http/validate';
import { attendanceReport, clientsReport, occupancyReport, reportTable, revenueReport, servicesReport } from './service';

// A day is checked by the domain's period rule (resolvePeriod), which answers each mistake in
// Spanish; here only its length is bounded.
const day = z.string({ error: REPORTS_MSG.dateInvalid }).max(10, REPORTS_MSG.dateInvalid).optional();
const ReportQuery = z.strictObject({
  period: z.enum(REPORT_PERIODS, REPORTS_MSG.periodInvalid),
  from: day,
  to: day,
  professionalId: z.string({ error: REPORTS_MSG.professionalNotFound }).min(1, REPORTS_MSG.professionalNotFound).max(100, REPORTS_MSG.professionalNotFound).optional(),
  days: z.coerce
    .number({ error: REPORTS_MSG.lostDaysInvalid })
    .int(REPORTS_MSG.lostDaysInvalid)
    .min(LOST_DAYS_RANGE.min, REPORTS_MSG.lostDaysInvalid)
    .max(LOST_DAYS_RANGE.max, REPORTS_MSG.lostDaysInvalid)
    .optional(),
});
const TableParam = z.strictObject({ table: z.enum(REPORT_TABLE_IDS, REPORTS_MSG.tableUnknown) });

const admin = () => requireRole('admin');

/**
 * /api/reports — the Informes (ADR 042), the owner's only. Every route takes
 * ?period=month|last_month|quarter|year|custom[&from=&to=][&professionalId=][&days=]:
 *   GET /revenue      completed appointments at their price by bucket and professional; payments by method; bonos and gift cards sold
 *   GET /occupancy    booked / available minutes per professional and cabin or machine; weekday × hour
 *   GET /attendance   no-shows and cancellations (by the client, by the salon) by bucket
 *   GET /services     services by revenue and count
 *   GET /clients      new and returning clients by bucket; the ones not back in `days` (default 90)
 *   GET /csv/:table   one of those tables as the Caja's CSV (semicolons, decimal comma, BOM)
 */
export const reportsRoutes = (deps: Pick<Deps, 'db' | 'now'>) =>
  new Hono<AppEnv>()
    .get('/revenue', admin(), validate('query', ReportQuery), async (c) => c.json(await revenueReport(deps, c.req.valid('query'))))
    .get('/occupancy', admin(), validate('query', ReportQuery), async (c) => c.json(await occupancyReport(deps, c.req.valid('query'))))
    .get('/attendance', admin(), validate('query', ReportQuery), async (c) => c.json(await attendanceReport(deps, c.req.valid('query'))))
    .get('/services', admin(), validate('query', ReportQuery), async (c) => c.json(await servicesReport(deps, c.req.valid('query'))))
    .get('/clients', admin(), validate('query', ReportQuery), async (c) => c.json(await clientsReport(deps, c.req.valid('query'))))
    .get('/csv/:table', admin(), validate('param', TableParam), validate('query', ReportQuery), async (c) => {
      const table = c.req.valid('param').table;
      const { table: t, period } = await reportTable(deps, table, c.req.valid('query'));
      return c.body(tableCsv(t), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="informe-${table}-${period.from}-${period.to}.csv"`,
      });
    });
