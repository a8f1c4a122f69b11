import { addDays, salonMinuteOf, SALON_TIME_ZONE } from '../../../domain/calendar-date';
import { toMinutes } from '../../../domain/weekly-schedule';

// The geometry of the salon's day view (docs/decisions/018-salon-day-view.md), pure so it is table-tested: the hours shown
// (earliest opening to latest closing of the day's professionals) and where a block sits.

export type DayHours = { startMinute: number; endMinute: number };

/** The minute of the salon's day (0-1439) an instant falls on. */
export const minuteOf = (instant: string | Date) => salonMinuteOf(new Date(instant), SALON_TIME_ZONE);
type Day = { isWorkingDay: boolean; startTime: string; endTime: string };

const valid = (hhmm: string) => /^\d{2}:\d{2}$/.test(hhmm);

/** Whole hours from the earliest start to the latest end; 09:00-20:00 when nobody works. */
export function dayHours(days: Day[]): DayHours {
  const working = days.filter((d) => d.isWorkingDay && valid(d.startTime) && valid(d.endTime));
  if (working.length === 0) return { startMinute: 9 * 60, endMinute: 20 * 60 };
  const start = Math.min(...working.map((d) => toMinutes(d.startTime)));
  const end = Math.max(...working.map((d) => toMinutes(d.endTime)));
  return { startMinute: Math.floor(start / 60) * 60, endMinute: Math.max(Math.ceil(end / 60) * 60, Math.floor(start / 60) * 60 + 60) };
}

/** Top and height of [from, to) minutes as a percentage of the day shown (clipped to it). */
export function placeBlock(hours: DayHours, fromMinute: number, toMinute: number): { top: number; height: number } | null {
  const span = hours.endMinute - hours.startMinute;
  const from = Math.max(fromMinute, hours.startMinute);
  const to = Math.min(toMinute, hours.endMinute);
  if (to <= from) return null;
  return { top: ((from - hours.startMinute) / span) * 100, height: ((to - from) / span) * 100 };
}

/** The stretches of the day a professional does not work: before, after and their breaks. */
export function offStretches(hours: DayHours, day: Day & { breaks: Array<{ start: string; end: string }> }): Array<[number, number]> {
  if (!day.isWorkingDay || !valid(day.startTime) || !valid(day.endTime)) return [[hours.startMinute, hours.endMinute]];
  const out: Array<[number, number]> = [];
  const start = toMinutes(day.startTime);
  const end = toMinutes(day.endTime);
  if (start > hours.startMinute) out.push([hours.startMinute, start]);
  for (const b of day.breaks) if (valid(b.start) && valid(b.end)) out.push([toMinutes(b.start), toMinutes(b.end)]);
  if (end < hours.endMinute) out.push([end, hours.endMinute]);
  return out;
}

/** The minute of the salon's day a click at `fraction` (0..1) of the column lands on, snapped down to `step`. */
export function minuteAt(hours: DayHours, fraction: number, step: number): number {
  const raw = hours.startMinute + Math.max(0, Math.min(1, fraction)) * (hours.endMinute - hours.startMinute);
  return Math.min(hours.endMinute - step, Math.floor(raw / step) * step);
}

/**
 * The days the day view keeps drawn (ADR 096): the days either side of `around` (the day shown a
 * moment ago, followed in an idle moment) with it, and `day`, the one shown, if it is not among them.
 */
export function daysDrawn(day: string, around: string): string[] {
  const sides = [addDays(around, -1), around, addDays(around, 1)];
  return sides.includes(day) ? sides : [...sides, day];
}

export const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

// Cabins and machines (docs/decisions/036-cabins-and-machines.md): the preparation and cleaning
// bands around a block, the view by resource, and the cabins an appointment may move to.

export type BufferBand = { kind: 'prep' | 'cleanup'; fromMinute: number; toMinute: number; label: string };

/** The shaded bands before and after an appointment [from, to): its preparation and cleaning, none when 0. */
export function bufferBands(fromMinute: number, toMinute: number, prepMinutes: number, cleanupMinutes: number): BufferBand[] {
  const out: BufferBand[] = [];
  if (prepMinutes > 0)
    out.push({ kind: 'prep', fromMinute: fromMinute - prepMinutes, toMinute: fromMinute, label: `Preparación ${prepMinutes} min` });
  if (cleanupMinutes > 0)
    out.push({ kind: 'cleanup', fromMinute: toMinute, toMinute: toMinute + cleanupMinutes, label: `Limpieza ${cleanupMinutes} min` });
  return out;
}

type Held = {
  id: string;
  status: string;
  startTime: string;
  endTime: string;
  prepMinutes: number;
  cleanupMinutes: number;
  resources: Array<{ id: string }>;
};

/** One column per active resource, in the salon's order, each with the appointments holding it (one held by two shows in both). */
export function appointmentsByResource<A extends Held>(
  resources: ReadonlyArray<{ id: string }>,
  appointments: readonly A[],
): Map<string, A[]> {
  const out = new Map<string, A[]>(resources.map((r) => [r.id, []]));
  for (const a of appointments) for (const r of a.resources) out.get(r.id)?.push(a);
  return out;
}

/** The instants [start, end) an appointment holds its resources: its time with its buffers. */
const heldSpan = (a: Held) => ({
  start: Date.parse(a.startTime) - a.prepMinutes * 60_000,
  end: Date.parse(a.endTime) + a.cleanupMinutes * 60_000,
});
const HOLDS = new Set(['confirmed', 'completed']);

/**
 * For each resource the appointment holds, the other members of the same group of its service that
 * no other appointment of the day holds meanwhile (what the staff may move it to at the same time).
 * A maintenance is not in the day's data: the server still refuses it (409).
 */
export function freeAlternatives<A extends Held & { serviceId: string | null }>(
  a: A,
  serviceGroups: Readonly<Record<string, string[][]>>,
  appointments: readonly A[],
): Array<{ heldId: string; options: string[] }> {
  const groups = a.serviceId ? (serviceGroups[a.serviceId] ?? []) : [];
  const span = heldSpan(a);
  const busy = new Set<string>();
  for (const other of appointments) {
    if (other.id === a.id || !HOLDS.has(other.status)) continue;
    const o = heldSpan(other);
    if (o.start < span.end && span.start < o.end) for (const r of other.resources) busy.add(r.id);
  }
  const held = a.resources.map((r) => r.id);
  return held.flatMap((heldId) => {
    const group = groups.find((g) => g.includes(heldId));
    if (!group) return [];
    return [{ heldId, options: group.filter((id) => !held.includes(id) && !busy.has(id)) }];
  });
}
