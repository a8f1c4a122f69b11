import { availableSlots, type AvailabilityInput, type Exceptions } from './availability';
import { isBookableDate, type Interval } from './booking-rules';
import type { Buffers, ResourceGroup } from './resources';
import { salonDateOf } from './salon-time';
import type { Slot } from './slots';
import { dayScheduleOf, type WeeklySchedule } from './weekly-schedule';

// One professional's day as every booking path asks THE availability rule (availability.ts) about
// it: the slot list, the booking's check, the month map and "Cualquier profesional" (ADRs 061, 062) all
// build their question here, so what the calendar marks, what the grid offers and what the
// booking accepts never differ.

export type DayArgs = {
  date: string;
  duration: number;
  /** The professional's weekly availability as stored (a missing or malformed day is a day off). */
  availability: Partial<WeeklySchedule> | null;
  interval: number;
  /** Her time-holding appointments that day, with their buffers (empty for a booking's check: the exclusion constraint decides). */
  busy: Interval[];
  exceptions: Exceptions;
  /** ADR 036: the service's (or the moved appointment's) buffers, its resource groups, the staff's choice. */
  buffers: Buffers;
  resources: ResourceGroup[];
  preferredResources?: string[];
};

/** The availability rule's input for that day at `now` in the salon's zone. */
export function dayInput(args: DayArgs, now: Date, tz: string): AvailabilityInput {
  return {
    date: args.date,
    weekly: dayScheduleOf(args.availability, args.date),
    exceptions: args.exceptions,
    intervalMinutes: args.interval,
    durationMinutes: args.duration,
    busy: args.busy,
    now,
    tz,
    buffers: args.buffers,
    resources: args.resources,
    preferredResources: args.preferredResources,
  };
}

/** Whether the calendar lets anyone pick `date` at all (no past day, no Sunday: SPEC §5). */
export const isOfferedDay = (date: string, now: Date, tz: string) => isBookableDate(date, salonDateOf(now, tz));

/** The start times offered on that day (SPEC §5 Slot generation, with every exception and limit of the rule). */
export function offeredDaySlots(args: DayArgs, now: Date, tz: string): Slot[] {
  if (!isOfferedDay(args.date, now, tz)) return [];
  return availableSlots(dayInput(args, now, tz));
}
