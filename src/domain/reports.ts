import { dayPlan, type Exceptions } from './availability';
import { addDays, isoDayOfWeek, isSalonDay, isValidTime } from './calendar-date';
import { wallClockBoundary } from './salon-time';
import { openingHoursOf } from './salon-settings';
import { REPORTS_MSG } from './texts/reports';
import { DAY_KEYS, toMinutes, type DaySchedule, type WeeklySchedule } from './weekly-schedule';

// The Informes' pure rules (docs/decisions/042-reports-and-charts.md): which salon days a
// period covers, how its figures are bucketed, rates, and the occupancy arithmetic
//   available minutes = weekly hours (or the salon's special hours) − closures − time off − breaks
// read with THE availability rule's own dayPlan, so a report never counts as available a time the
// booking would refuse. Everything is in salon days and the salon's wall clock; minutes are real
// minutes (an 01:00-04:00 shift lasts 120 of them on the spring-forward day).

export const REPORT_PERIODS = ['month', 'last_month', 'quarter', 'year', 'custom'] as const;
export type ReportPeriodKind = (typeof REPORT_PERIODS)[number];

export const PERIOD_LABEL: Record<ReportPeriodKind, string> = {
  month: 'Este mes',
  last_month: 'Mes pasado',
  quarter: 'Trimestre',
  year: 'Año',
  custom: 'Personalizado',
};

/** A custom period is at most a year: the 1M-appointment bench measures exactly that (ADR 042). */
export const REPORT_MAX_DAYS = 366;
/** "Clientes que no vuelven": no visit in this many days (7-730, 90 unless asked), the most recently lost first, at most LOST_CLIENTS_MAX. */
export const LOST_DAYS_DEFAULT = 90;
export const LOST_DAYS_RANGE = { min: 7, max: 730 } as const;
export const LOST_CLIENTS_MAX = 200;

/** Salon days, both ends included. */
export type Period = { from: string; to: string };

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const monthShift = (first: string, n: number) => {
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  return `${String(yy).padStart(4, '0')}-${String(((m % 12) + 12) % 12 + 1).padStart(2, '0')}-01`;
};
const lastOfMonth = (first: string) => addDays(monthShift(first, 1), -1);

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysIn(p: Period): number {
  return Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The salon days a period covers, seen from salon day `today`: whole calendar months, quarters and
 * years (the days still to come included: their bookings are the month's occupancy so far).
 */
export function resolvePeriod(kind: ReportPeriodKind, today: string, custom: { from?: string; to?: string } = {}): Period | { error: string } {
  const month = firstOfMonth(today);
  switch (kind) {
    case 'month':
      return { from: month, to: lastOfMonth(month) };
    case 'last_month': {
      const prev = monthShift(month, -1);
      return { from: prev, to: lastOfMonth(prev) };
    }
    case 'quarter': {
      const m = Number(today.slice(5, 7)) - 1;
      const first = monthShift(`${today.slice(0, 4)}-01-01`, m - (m % 3));
      return { from: first, to: lastOfMonth(monthShift(first, 2)) };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'custom': {
      const { from, to } = custom;
      if (!from || !to) return { error: REPORTS_MSG.customDatesRequired };
      if (!isSalonDay(from) || !isSalonDay(to)) return { error: REPORTS_MSG.dateInvalid };
      if (from > to) return { error: REPORTS_MSG.fromAfterTo };
      if (daysIn({ from, to }) > REPORT_MAX_DAYS) return { error: REPORTS_MSG.rangeTooLong };
      return { from, to };
    }
  }
}

/** Figures over time: by day up to two months (a month's 30 bars), by month beyond. */
export type Bucket = 'day' | 'month';
export const bucketOf = (p: Period): Bucket => (daysIn(p) <= 62 ? 'day' : 'month');

/** Every bucket of the period in order ('2026-03-01' by day, '2026-03' by month), so empty ones show as 0. */
export function bucketKeys(p: Period): string[] {
  const out: string[] = [];
  if (bucketOf(p) === 'day') {
    for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  } else {
    out.push(...monthKeys(p));
  }
  return out;
}

/** The months a period touches, '2026-03': clients are counted by month, however short the period. */
export function monthKeys(p: Period): string[] {
  const out: string[] = [];
  for (let m = firstOfMonth(p.from); m <= p.to; m = monthShift(m, 1)) out.push(m.slice(0, 7));
  return out;
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** 'mar 2026' for a month, '05/03' for a day. */
export function bucketLabel(key: string): string {
  if (key.length === 7) return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  return `${key.slice(8, 10)}/${key.slice(5, 7)}`;
}

/** part / whole, or null when there is nothing to divide by (shown as '—', never as 0 %). */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The same as a percentage with one decimal (1 of 8 is 12.5): what a chart plots. */
export function percentOf(part: number, whole: number): number | null {
  const r = rate(part, whole);
  return r === null ? null : Math.round(r * 1000) / 10;
}

// ---- occupancy ----

/**
 * Occupancy: booked over available time, never above 1 (ADR 060). Time held beyond what was
 * available (a squeeze at the desk outside the salon's hours, a cleaning buffer past closing)
 * fills that time; it does not overfill it.
 */
export const occupancyRate = (booked: number, available: number): number | null => rate(Math.min(booked, available), available);

/** The same as a percentage with one decimal, as a chart plots it. */
export const occupancyPercent = (booked: number, available: number): number | null => percentOf(Math.min(booked, available), available);

/** A stretch of the salon's wall clock on one day, in minutes since midnight. */
export type WallInterval = { start: number; end: number };

/** `from` minus every interval of `cuts`, in order. */
function subtract(from: WallInterval[], cuts: WallInterval[]): WallInterval[] {
  let out = from;
  for (const c of cuts) {
    out = out.flatMap((i) => {
      if (c.end <= i.start || c.start >= i.end) return [i];
      const left = c.start > i.start ? [{ start: i.start, end: c.start }] : [];
      const right = c.end < i.end ? [{ start: c.end, end: i.end }] : [];
      return [...left, ...right];
    });
  }
  return out;
}

const wall = (s: string, e: string): WallInterval | null => {
  try {
    const i = { start: toMinutes(s), end: toMinutes(e) };
    return i.end > i.start ? i : null;
  } catch {
    return null; // a hand-edited schedule's bad time is no time (dayScheduleOf reads it as text)
  }
};

/**
 * When someone can be booked on `date` (a professional with her weekly day and her time off; a
 * cabin with the salon's opening hours and its maintenance as `timeOff`): the day as dayPlan leaves
 * it, minus its breaks and the part-day absences.
 */
export function availableIntervals(date: string, weekly: DaySchedule, ex: Exceptions, tz: string): WallInterval[] {
  const plan = dayPlan(date, weekly, ex, tz);
  if (plan.closed || !plan.day.isWorkingDay) return [];
  const day = wall(plan.day.startTime, plan.day.endTime);
  if (!day) return [];
  const cuts = [
    ...plan.day.breaks.map((b) => wall(b.start, b.end)),
    ...ex.timeOff.filter((t) => t.startTime && t.endTime && t.startDate <= date && date <= t.endDate).map((t) => wall(t.startTime!, t.endTime!)),
  ].filter((c): c is WallInterval => c !== null);
  return subtract([day], cuts);
}

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Real minutes of wall-clock intervals on `date` (the DST days' missing or repeated hour counted as it passed). */
export function realMinutes(date: string, intervals: WallInterval[], tz: string): number {
  let ms = 0;
  for (const i of intervals) ms += wallClockBoundary(date, clock(i.end), tz).getTime() - wallClockBoundary(date, clock(i.start), tz).getTime();
  return Math.round(ms / 60_000);
}

/** Available minutes over a period: the sum of each day's; with `grid`, each day's wall-clock minutes added into it too. */
export function availableMinutes(p: Period, weeklyOf: (date: string) => DaySchedule, ex: Exceptions, tz: string, grid?: HeatGrid): number {
  let total = 0;
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) {
    const intervals = availableIntervals(d, weeklyOf(d), ex, tz);
    total += realMinutes(d, intervals, tz);
    if (grid) addToHeatGrid(grid, d, intervals);
  }
  return total;
}

/**
 * The week a cabin or machine can be booked in: the salon's opening hours; a salon that never set
 * them is open, for this, from its first professional's start to its last one's end each weekday
 * (no breaks; ADR 042). `team` is the professionals' weeks.
 */
export function cabinWeek(opening: Partial<WeeklySchedule>, team: Array<Partial<WeeklySchedule>>): Partial<WeeklySchedule> {
  const set = openingHoursOf(opening);
  if (set) return set;
  const out: Partial<WeeklySchedule> = {};
  for (const d of DAY_KEYS) {
    const days = team.map((w) => w[d]).filter((x): x is DaySchedule => x?.isWorkingDay === true && isValidTime(x.startTime) && isValidTime(x.endTime));
    if (days.length === 0) continue;
    out[d] = { isWorkingDay: true, startTime: days.map((x) => x.startTime).sort()[0]!, endTime: days.map((x) => x.endTime).sort().at(-1)!, breaks: [] };
  }
  return out;
}

/** Weekday (0 = Monday) × hour (0-23) minutes. */
export type HeatGrid = number[][];
export const emptyHeatGrid = (): HeatGrid => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

/** Adds a day's available wall-clock minutes into the weekday × hour grid. */
export function addToHeatGrid(grid: HeatGrid, date: string, intervals: WallInterval[]): void {
  const row = grid[isoDayOfWeek(date) - 1]!;
  for (const i of intervals) {
    for (let h = Math.floor(i.start / 60); h * 60 < i.end; h++) {
      row[h] = (row[h] ?? 0) + Math.min(i.end, (h + 1) * 60) - Math.max(i.start, h * 60);
    }
  }
}
