import { sumEuros } from '../../../domain/money';
import { attendanceTables, clientsTables, occupancyTables, revenueTables, servicesTables, REPORT_TABLES, type AttendanceReport, type ClientsReport, type OccupancyReport, type OccupancyRow, type ReportTable, type ReportTableId, type RevenueReport, type ServicesReport } from '../../../domain/report-tables';
import type { Exceptions } from '../../../domain/availability';
import { availableMinutes, bucketKeys, cabinWeek, LOST_DAYS_DEFAULT, bucketOf, monthKeys, emptyHeatGrid, resolvePeriod, type Bucket, type HeatGrid, type Period, type ReportPeriodKind } from '../../../domain/reports';
import { addDays, dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { REPORTS_MSG } from '../../../domain/texts/reports';
import { openingHoursOf } from '../../../domain/salon-settings';
import { dayScheduleOf, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { exceptionsBetween } from '../../availability/exceptions';
import type { Deps } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import * as q from './queries';

// The Informes (ADR 042): one answer per chart family, each computed from the groups
// queries.ts brings back and the domain's period, bucket and occupancy rules.

type Ctx = Pick<Deps, 'db' | 'now'>;
const TZ = SALON_TIME_ZONE;

export type ReportQuery = { period: ReportPeriodKind; from?: string; to?: string; professionalId?: string; days?: number };
type Scope = { period: Period; bucket: Bucket; range: q.Range; only: q.Only; professionalRecordId: string | null; now: Date; today: string };

async function scopeOf(ctx: Ctx, query: ReportQuery): Promise<Scope> {
  const now = ctx.now();
  const today = salonDateOf(now, TZ);
  const period = resolvePeriod(query.period, today, query);
  if ('error' in period) throw badRequest(period.error, 'invalid_period');
  let only: q.Only = null;
  if (query.professionalId !== undefined) {
    const pro = isId(query.professionalId) ? await q.professionalById(ctx.db, query.professionalId) : undefined;
    if (!pro) throw notFound(REPORTS_MSG.professionalNotFound);
    only = { userId: pro.userId ?? '' }; // without a login she can hold no appointment: '' matches none
  }
  const range = { from: period.from, to: period.to, start: dayBounds(period.from, TZ).start, end: dayBounds(period.to, TZ).end };
  return { period, bucket: bucketOf(period), range, only, professionalRecordId: query.professionalId ?? null, now, today };
}

const head = (s: Scope) => ({ period: s.period, bucket: s.bucket });
const sumBy = <T,>(xs: T[], pick: (x: T) => number) => xs.reduce((t, x) => t + pick(x), 0);

/** `xs` by `keyOf`, in the order each key first comes. */
function groupBy<T, K extends string>(xs: T[], keyOf: (x: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const x of xs) {
    const k = keyOf(x);
    const group = out.get(k);
    if (group) group.push(x);
    else out.set(k, [x]);
  }
  return out;
}

export async function revenueReport(ctx: Ctx, query: ReportQuery) {
  const s = await scopeOf(ctx, query);
  const [facts, pays, sales, pros] = await Promise.all([
    q.appointmentFacts(ctx.db, s.range, s.bucket, s.only),
    q.paymentFacts(ctx.db, s.range, s.bucket, s.only),
    q.salesFacts(ctx.db, s.range),
    q.allProfessionals(ctx.db),
  ]);
  const done = facts.filter((f) => f.status === 'completed');
  const names = new Map(pros.flatMap((p) => (p.userId ? [[p.userId, p.name] as const] : [])));
  const byPro = groupBy(done, (f) => f.employeeId);
  const formerNames = await q.userNames(ctx.db, [...byPro.keys()].filter((id) => !names.has(id)));
  const doneIn = groupBy(done, (f) => f.bucket);
  const paidIn = groupBy(pays, (p) => p.bucket);
  const report: RevenueReport = {
    bucket: s.bucket,
    byBucket: bucketKeys(s.period).map((key) => {
      const here = doneIn.get(key) ?? [];
      return { key, completed: sumBy(here, (f) => f.count), revenue: sumEuros(here.map((f) => f.revenue)), taken: sumEuros((paidIn.get(key) ?? []).map((p) => p.amount)) };
    }),
    byProfessional: [...byPro]
      .map(([id, fs]) => ({ name: names.get(id) ?? formerNames.get(id) ?? '', completed: sumBy(fs, (f) => f.count), revenue: sumEuros(fs.map((f) => f.revenue)) }))
      .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'es')),
    byMethod: [...groupBy(pays, (p) => p.method)].map(([method, ps]) => ({ method, count: sumBy(ps, (p) => p.count), amount: sumEuros(ps.map((p) => p.amount)) })).sort((a, b) => b.amount - a.amount),
    sales,
  };
  return { ...head(s), ...report };
}

/** Her weekly hours or the salon's opening hours, day by day, into minutes (and the weekday × hour grid). */
const availableOver = (p: Period, weekly: Partial<WeeklySchedule>, ex: Exceptions, grid?: HeatGrid) => availableMinutes(p, (d) => dayScheduleOf(weekly, d), ex, TZ, grid);

export async function occupancyReport(ctx: Ctx, query: ReportQuery) {
  const s = await scopeOf(ctx, query);
  const [facts, pros, ex, opening, resources, maintenance, resBooked, byHour] = await Promise.all([
    q.appointmentFacts(ctx.db, s.range, 'month', s.only),
    q.allProfessionals(ctx.db),
    exceptionsBetween(ctx.db, s.period.from, s.period.to),
    q.salonOpeningHours(ctx.db),
    q.allResources(ctx.db),
    q.maintenanceBetween(ctx.db, s.period.from, s.period.to),
    q.resourceBooked(ctx.db, s.range),
    q.bookedByHour(ctx.db, s.range, s.only),
  ]);
  const held = facts.filter((f) => f.status === 'confirmed' || f.status === 'completed');
  const available = emptyHeatGrid();
  const booked = emptyHeatGrid();
  for (const h of byHour) booked[h.dow - 1]![h.hour]! += h.minutes;
  // Every active professional, and a former one who still had time booked in the period.
  const shown = pros.filter((p) => (s.professionalRecordId ? p.id === s.professionalRecordId : p.isActive || held.some((f) => f.employeeId === p.userId)));
  // Her time as booking offers it (ADR 060): her week inside the salon's opening hours once set.
  const openingHours = openingHoursOf(opening);
  const byProfessional: OccupancyRow[] = shown.map((p) => ({
    name: p.name,
    available: availableOver(s.period, p.availability, { salon: ex.salon, timeOff: ex.timeOff.filter((t) => t.employeeId === p.id), openingHours }, available),
    booked: sumBy(held.filter((f) => f.employeeId === p.userId), (f) => f.minutes),
  }));
  // A cabin or machine is there while the salon is open, less its maintenance (ADR 036); it is the
  // salon's, so its week is the team's whatever professional the report is about.
  const salonWeek = cabinWeek(opening, pros.filter((p) => p.isActive).map((p) => p.availability));
  const byResource: OccupancyRow[] = resources
    .filter((r) => r.isActive || (resBooked.get(r.id) ?? 0) > 0)
    .map((r) => ({ name: r.name, available: availableOver(s.period, salonWeek, { salon: ex.salon, timeOff: maintenance.filter((m) => m.resourceId === r.id) }), booked: resBooked.get(r.id) ?? 0 }));
  const report: OccupancyReport = { byProfessional, byResource, heatmap: { available, booked } };
  return { ...head(s), ...report };
}

const STATUS_FIELD = { completed: 'completed', no_show: 'noShow', cancelled_by_client: 'cancelledByClient', cancelled_by_salon: 'cancelledBySalon' } as const;

export async function attendanceReport(ctx: Ctx, query: ReportQuery) {
  const s = await scopeOf(ctx, query);
  const [facts, byReminder] = await Promise.all([q.appointmentFacts(ctx.db, s.range, s.bucket, s.only), q.reminderFacts(ctx.db, s.range, s.only)]);
  const factsIn = groupBy(facts, (f) => f.bucket);
  const report: AttendanceReport = {
    bucket: s.bucket,
    byBucket: bucketKeys(s.period).map((key) => {
      const row = { key, total: 0, completed: 0, noShow: 0, cancelledByClient: 0, cancelledBySalon: 0 };
      for (const f of factsIn.get(key) ?? []) {
        row.total += f.count;
        const field = STATUS_FIELD[f.status as keyof typeof STATUS_FIELD];
        if (field) row[field] += f.count;
      }
      return row;
    }),
    byReminder,
  };
  return { ...head(s), ...report };
}

export async function servicesReport(ctx: Ctx, query: ReportQuery) {
  const s = await scopeOf(ctx, query);
  const facts = (await q.appointmentFacts(ctx.db, s.range, 'month', s.only)).filter((f) => f.status === 'completed');
  const report: ServicesReport = {
    services: [...groupBy(facts, (f) => f.serviceName)]
      .map(([name, fs]) => ({ name, completed: sumBy(fs, (f) => f.count), revenue: sumEuros(fs.map((f) => f.revenue)) }))
      .sort((a, b) => b.revenue - a.revenue || b.completed - a.completed || a.name.localeCompare(b.name, 'es')),
  };
  return { ...head(s), ...report };
}

export async function clientsReport(ctx: Ctx, query: ReportQuery) {
  const s = await scopeOf(ctx, query);
  const days = query.days ?? LOST_DAYS_DEFAULT;
  const [byMonth, lost] = await Promise.all([
    q.clientsByMonth(ctx.db, s.range),
    // "No visit in N days": the last completed visit before the salon day N days ago.
    q.lostClients(ctx.db, dayBounds(addDays(s.today, -days + 1), TZ).start, s.now),
  ]);
  const report: ClientsReport = {
    bucket: 'month',
    byBucket: monthKeys(s.period).map((key) => {
      const b = byMonth.find((x) => x.bucket === key);
      return { key, newClients: b?.newClients ?? 0, returning: b?.returning ?? 0 };
    }),
    lost: { days, clients: lost },
  };
  return { ...head(s), ...report };
}

/** One table of one report, for its CSV: the same rows the page shows under the chart, and the report's own period. */
export async function reportTable(ctx: Ctx, table: ReportTableId, query: ReportQuery): Promise<{ table: ReportTable; period: Period }> {
  const withTables = async <R extends { period: Period }>(report: Promise<R>, tablesOf: (r: R) => Record<string, ReportTable>) => {
    const r = await report;
    return { period: r.period, tables: tablesOf(r) };
  };
  const build = {
    revenue: () => withTables(revenueReport(ctx, query), revenueTables),
    occupancy: () => withTables(occupancyReport(ctx, query), occupancyTables),
    attendance: () => withTables(attendanceReport(ctx, query), attendanceTables),
    services: () => withTables(servicesReport(ctx, query), servicesTables),
    clients: () => withTables(clientsReport(ctx, query), clientsTables),
  }[REPORT_TABLES[table]];
  const { period, tables } = await build();
  return { table: tables[table]!, period };
}
