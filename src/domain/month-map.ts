import { dayPlan, maintenanceBlocks, salonOpeningOf, type Exceptions, type Maintenance, type SalonException, type TimeOff } from './availability';
import { intervalsOverlap, type Interval } from './booking-rules';
import { isWithinHorizon } from './booking-limits';
import { offeredDaySlots, type DayArgs } from './day-slots';
import type { Buffers, ResourceGroup } from './resources';
import { isoDayOfWeek } from './calendar-date';
import { addDays, dayBounds, salonDateOf } from './salon-time';
import type { Slot } from './slots';
import { dayKeyOfDate, dayScheduleOf, type WeeklySchedule } from './weekly-schedule';

// The booking calendar's month (ADR 061): which days have a free time for a service with one
// professional or with anyone who does it ("Cualquier profesional"), which cannot be picked and
// why, and the first free time. Every day of every professional is asked through
// offeredDaySlots (day-slots.ts), THE rule the slot list and the booking use: buffers, cabins and
// machines, time off, closures, special hours, the salon's opening hours, the horizon.

/** A professional who does the service, in the list's order, with what she holds over the range asked. */
export type MonthProfessional = {
  id: string;
  availability: Partial<WeeklySchedule> | null;
  /** Her time-holding appointments (with their buffers) overlapping the range. */
  busy: Interval[];
  timeOff: TimeOff[];
};

/** A resource group with each member's held spans over the range and its maintenance rows. */
export type RangeResourceGroup = { id: string; members: Array<{ id: string; busy: Interval[]; maintenance: Maintenance[] }> };

export type MonthInput = {
  /** Salon days, inclusive. */
  from: string;
  to: string;
  now: Date;
  tz: string;
  horizonDays: number;
  interval: number;
  duration: number;
  buffers: Buffers;
  salon: readonly SalonException[];
  /** As openingHoursOf reads them: null when not set (ADR 060). */
  openingHours: Partial<WeeklySchedule> | null;
  professionals: readonly MonthProfessional[];
  resources: readonly RangeResourceGroup[];
};

/** Why a day cannot be picked. */
export type ClosedReason = 'past' | 'sunday' | 'horizon' | 'salon_closed' | 'not_working' | 'time_off';
export type DayMark = { date: string; state: 'free' | 'full' } | { date: string; state: 'closed'; reason: ClosedReason };
export type FirstFree = { date: string; time: string };

const overlapping = (spans: readonly Interval[], day: Interval) => spans.filter((s) => intervalsOverlap(s, day));

type Member = RangeResourceGroup['members'][number];
/** What each professional and resource holds on it. */
type DayCut = { busyOf: (p: MonthProfessional) => Interval[]; memberBusy: (m: Member) => Interval[] };

/** A day cut by scanning the range's lists (one day asked: the slot list, a booking). */
function scanCut(input: MonthInput, date: string): DayCut {
  const bounds = dayBounds(date, input.tz);
  return { busyOf: (p) => overlapping(p.busy, bounds), memberBusy: (m) => overlapping(m.busy, bounds) };
}

/**
 * Every day of the range cut at once (a month asked): each list of held spans is split into its
 * days in one pass, rather than the whole month's list scanned again for each day. Each day's
 * spans keep the list's order, as the scan gives them.
 */
function rangeCuts(input: MonthInput): { dates: string[]; cut: (i: number) => DayCut } {
  const dates: string[] = [];
  const bounds: Interval[] = [];
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    dates.push(date);
    bounds.push(dayBounds(date, input.tz));
  }
  const split = (spans: readonly Interval[]): Interval[][] => {
    const days = bounds.map((): Interval[] => []);
    for (const s of spans) {
      // The first day ending after the span starts, then every day it overlaps.
      let lo = 0;
      let hi = bounds.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bounds[mid]!.end.getTime() <= s.start.getTime()) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < bounds.length && intervalsOverlap(s, bounds[i]!); i++) days[i]!.push(s);
    }
    return days;
  };
  const splits = new Map<readonly Interval[], Interval[][]>();
  const daysOf = (spans: readonly Interval[]) => splits.get(spans) ?? splits.set(spans, split(spans)).get(spans)!;
  return { dates, cut: (i) => ({ busyOf: (p) => daysOf(p.busy)[i]!, memberBusy: (m) => daysOf(m.busy)[i]! }) };
}

/** The day's question for each professional (her busy time and the resources cut to that day). */
function dayOf(input: MonthInput, date: string, cut: DayCut = scanCut(input, date)) {
  const resources: ResourceGroup[] = input.resources.map((g) => ({
    id: g.id,
    members: g.members.map((m) => ({ id: m.id, busy: [...cut.memberBusy(m), ...maintenanceBlocks(date, m.maintenance, input.tz)] })),
  }));
  const exceptionsOf = (p: MonthProfessional): Exceptions => ({ salon: input.salon, timeOff: p.timeOff, openingHours: input.openingHours });
  const argsOf = (p: MonthProfessional): DayArgs => ({
    date,
    duration: input.duration,
    availability: p.availability,
    interval: input.interval,
    busy: cut.busyOf(p),
    exceptions: exceptionsOf(p),
    buffers: input.buffers,
    resources,
  });
  return { argsOf, exceptionsOf };
}

/** Why nobody can be booked on `date` before asking for times, or null. */
function salonReason(input: MonthInput, date: string, today: string): ClosedReason | null {
  if (date < today) return 'past';
  if (dayKeyOfDate(date) === 'sunday') return 'sunday';
  if (!isWithinHorizon(date, today, input.horizonDays)) return 'horizon';
  const ex: Exceptions = { salon: input.salon, timeOff: [], openingHours: input.openingHours };
  if (input.salon.some((e) => e.kind === 'closed' && e.startDate <= date && date <= e.endDate)) return 'salon_closed';
  return salonOpeningOf(date, ex)?.isWorkingDay === false ? 'salon_closed' : null;
}

/** Each professional's offered times on `date`, in the list's order ([] for one who is not bookable then). */
export function slotsOfEach(input: MonthInput, date: string): Array<{ professional: MonthProfessional; slots: Slot[] }> {
  const today = salonDateOf(input.now, input.tz);
  if (salonReason(input, date, today)) return input.professionals.map((professional) => ({ professional, slots: [] }));
  const { argsOf } = dayOf(input, date);
  return input.professionals.map((professional) => ({ professional, slots: offeredDaySlots(argsOf(professional), input.now, input.tz) }));
}

/** Every time anyone offers on `date` ("Cualquier profesional"): the union, in order, one slot per time. */
export function anyoneSlots(input: MonthInput, date: string): Slot[] {
  const byTime = new Map<string, Slot>();
  for (const { slots } of slotsOfEach(input, date)) for (const s of slots) if (!byTime.has(s.time)) byTime.set(s.time, s);
  return [...byTime.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Who does a booking made with "Cualquier profesional" at `time` (ADR 062): those free then, the
 * least booked that day first (her time-holding appointments touching the day), then the list's
 * order. The booking tries them in this order; the database decides each attempt.
 */
export function assignmentOrder(input: MonthInput, date: string, time: string): MonthProfessional[] {
  const bounds = dayBounds(date, input.tz);
  return slotsOfEach(input, date)
    .map(({ professional, slots }, index) => ({ professional, index, free: slots.some((s) => s.time === time), booked: overlapping(professional.busy, bounds).length }))
    .filter((c) => c.free)
    .sort((a, b) => a.booked - b.booked || a.index - b.index)
    .map((c) => c.professional);
}

/**
 * Whether the schedule would offer `time` to anyone with every booking set aside: a "Cualquier
 * profesional" booking that finds nobody free then lost a race for a time it was offered (409, the
 * spec's "acaba de ser reservado"), not asked for a time never offered (400).
 */
export function offeredWithoutBookings(input: MonthInput, date: string, time: string): boolean {
  const professionals = input.professionals.map((p) => ({ ...p, busy: [] }));
  const resources = input.resources.map((g) => ({ ...g, members: g.members.map((m) => ({ ...m, busy: [] })) }));
  return assignmentOrder({ ...input, professionals, resources }, date, time).length > 0;
}

/** One day's mark, and its first free time when `wantFirst` (else the search stops at the first professional with one). */
function markOf(input: MonthInput, date: string, today: string, wantFirst: boolean, cut: () => DayCut): { mark: DayMark; first: string | null } {
  const reason = salonReason(input, date, today);
  if (reason) return { mark: { date, state: 'closed', reason }, first: null };
  const { argsOf, exceptionsOf } = dayOf(input, date, cut());
  let first: Slot | null = null;
  let working = false;
  let allTimeOff = input.professionals.length > 0;
  for (const p of input.professionals) {
    const plan = dayPlan(date, dayScheduleOf(p.availability, date), exceptionsOf(p), input.tz);
    if (plan.closed?.kind !== 'time_off') allTimeOff = false;
    if (plan.closed || !plan.day.isWorkingDay) continue;
    working = true;
    const slot = offeredDaySlots(argsOf(p), input.now, input.tz)[0];
    if (slot && (!first || slot.start < first.start)) first = slot;
    if (first && !wantFirst) break;
  }
  if (first) return { mark: { date, state: 'free' }, first: first.time };
  if (working) return { mark: { date, state: 'full' }, first: null };
  return { mark: { date, state: 'closed', reason: allTimeOff ? 'time_off' : 'not_working' }, first: null };
}

/** Every day from `from` to `to` marked, and the first free time among them (from today on). */
export function monthMap(input: MonthInput): { days: DayMark[]; first: FirstFree | null } {
  const today = salonDateOf(input.now, input.tz);
  const { dates, cut } = rangeCuts(input);
  const days: DayMark[] = [];
  let first: FirstFree | null = null;
  dates.forEach((date, i) => {
    const day = markOf(input, date, today, first === null, () => cut(i));
    days.push(day.mark);
    if (!first && day.first) first = { date, time: day.first };
  });
  return { days, first };
}

/** The first free time from `from` to `to` (from today on), as monthMap finds it, asking no day after it. */
export function firstFree(input: MonthInput): FirstFree | null {
  const today = salonDateOf(input.now, input.tz);
  const { dates, cut } = rangeCuts(input);
  for (const [i, date] of dates.entries()) {
    const time = markOf(input, date, today, true, () => cut(i)).first;
    if (time) return { date, time };
  }
  return null;
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/**
 * When a free time is, as "Primera hora libre: …" reads it: "hoy 17:30", "mañana 10:00", the
 * weekday within the week ahead ("jueves 10:30"), else with its date ("jueves 14 de mayo, 10:30").
 */
export function whenLabel(date: string, time: string, today: string): string {
  if (date === today) return `hoy ${time}`;
  if (date === addDays(today, 1)) return `mañana ${time}`;
  const weekday = WEEKDAYS[isoDayOfWeek(date) - 1]!;
  if (date <= addDays(today, 6)) return `${weekday} ${time}`;
  return `${weekday} ${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]}, ${time}`;
}
