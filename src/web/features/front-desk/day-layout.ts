import { salonMinuteOf, SALON_TIME_ZONE } from '../../../domain/calendar-date';
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

export const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
