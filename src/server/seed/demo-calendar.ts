import type { TimeOff } from '../../domain/availability';
import { spainNationalHolidays } from '../../domain/holidays';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../../domain/salon-time';
import { generateSlots } from '../../domain/slots';
import { dayKeyOfDate, fromMinutes, toMinutes, type WeeklySchedule } from '../../domain/weekly-schedule';
import { SALON_DEMO } from './demo-data';

// The demo salon's calendar around "today" (docs/rooms/demo.md): the closures and time off its history
// works around, and the next start the fixed demo visits take.

const TZ = SALON_TIME_ZONE;

export type PlannedTimeOff = { professional: string } & TimeOff;
export type PlannedClosure = { date: string; reason: string };

/**
 * The first start on the salon's grid, at least `from`, where a visit of `minutes` fits in the
 * professional's hours and misses her breaks (the demo client's next visit: not at 02:30 when the
 * demo starts in the evening). Null if none in the next two weeks.
 */
export function nextStartWithin(schedule: WeeklySchedule, from: Date, minutes: number): Date | null {
  const first = salonDateOf(from, TZ);
  // The booking grid's own slots (generateSlots offers only what starts after `now`).
  const now = new Date(from.getTime() - 1);
  for (let d = 0; d < 14; d++) {
    const date = addDays(first, d);
    const [slot] = generateSlots({ date, day: schedule[dayKeyOfDate(date)], intervalMinutes: SALON_DEMO.appointmentTimeSlotInterval, durationMinutes: minutes, busy: [], now, tz: TZ });
    if (slot) return slot.start;
  }
  return null;
}

/** The salon's closures: the national holidays more than a month back (no journey works there). */
export function demoClosures(today: string, pastDays: number): PlannedClosure[] {
  const from = addDays(today, -pastDays);
  const to = addDays(today, -31);
  const years = [...new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))])];
  return years
    .flatMap((y) => spainNationalHolidays(y))
    .filter((h) => h.date >= from && h.date <= to && dayKeyOfDate(h.date) !== 'sunday')
    .map((h) => ({ date: h.date, reason: h.name }));
}

/** A week's holiday for the first professional ten weeks back, and a part-day off ahead for the last. */
export function demoTimeOff(today: string, professionals: readonly { key: string; schedule: WeeklySchedule }[]): PlannedTimeOff[] {
  let monday = addDays(today, -70);
  while (dayKeyOfDate(monday) !== 'monday') monday = addDays(monday, -1);
  const last = professionals[professionals.length - 1]!;
  let ahead = addDays(today, 6);
  while (!last.schedule[dayKeyOfDate(ahead)].isWorkingDay) ahead = addDays(ahead, 1);
  const end = last.schedule[dayKeyOfDate(ahead)].endTime;
  return [
    { professional: professionals[0]!.key, startDate: monday, endDate: addDays(monday, 4), startTime: null, endTime: null, reason: 'Vacaciones' },
    { professional: last.key, startDate: ahead, endDate: ahead, startTime: fromMinutes(toMinutes(end) - 180), endTime: end, reason: 'Cita médica' },
  ];
}
