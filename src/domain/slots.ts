import { endOf, intervalsOverlap, type Interval } from './booking-rules';
import { isValidIsoDate, isValidTime, wallClockBoundary, wallClockToInstant } from './salon-time';
import { blockedSpan, NO_BUFFERS, pickResources, type Buffers, type ResourceGroup } from './resources';
import { fromMinutes, toMinutes, type DaySchedule } from './weekly-schedule';

// Slot generation of SPEC §5. Candidate start times step on the salon's wall clock (what the
// client reads in the grid: 09:00, 09:30...), but every fit and overlap test runs on real
// instants, so on a DST day a slot that crosses the change has its true length.

export const SLOT_INTERVAL_OPTIONS = [15, 20, 30, 45, 60] as const;
export type SlotInterval = (typeof SLOT_INTERVAL_OPTIONS)[number];
/** Used when the salon settings have no interval (SPEC §9). */
export const DEFAULT_SLOT_INTERVAL: SlotInterval = 30;

export function isSlotInterval(n: unknown): n is SlotInterval {
  return SLOT_INTERVAL_OPTIONS.includes(n as SlotInterval);
}

/** The salon's interval as stored, or the default when there is none (or it is not one of the options). */
export const slotIntervalOf = (n: unknown): SlotInterval => (isSlotInterval(n) ? n : DEFAULT_SLOT_INTERVAL);

/** `resourceIds`: for a service that needs cabins or machines, the first free one of each group (ADR 036). */
export type Slot = { time: string; start: Date; end: Date; resourceIds?: string[] };

export type SlotInput = {
  /** Salon calendar day, 'YYYY-MM-DD'. */
  date: string;
  /** The employee's schedule for that weekday. */
  day: DaySchedule;
  intervalMinutes: number;
  durationMinutes: number;
  /** The employee's blocking (confirmed/completed) appointments around that day, with their buffers. */
  busy: Interval[];
  now: Date;
  tz: string;
  /** Preparation and cleaning minutes around the slot (ADR 036); they block the professional and the resources. */
  buffers?: Buffers;
  /** The service's resource groups, each with its members' busy instants that day (ADR 036). */
  resources?: readonly ResourceGroup[];
  /** Resources the staff chose (pickResources). */
  preferredResources?: readonly string[];
};

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

/**
 * Every start time a client may book, in order. Bad input (an impossible date, a malformed
 * time, a zero interval) offers nothing rather than throwing: an empty grid is safe, a slot
 * that ignores a break is not.
 */
export function generateSlots(input: SlotInput): Slot[] {
  const { date, day, intervalMinutes, durationMinutes, busy, now, tz } = input;
  const buffers = input.buffers ?? NO_BUFFERS;
  const groups = input.resources ?? [];
  if (!day.isWorkingDay) return [];
  if (!isValidIsoDate(date) || !isPositiveInteger(intervalMinutes)) return [];
  if (!Number.isFinite(durationMinutes) || durationMinutes <= 0) return [];
  const times = [day.startTime, day.endTime, ...day.breaks.flatMap((b) => [b.start, b.end])];
  if (!times.every(isValidTime)) return [];

  const open = toMinutes(day.startTime);
  const close = toMinutes(day.endTime);
  const opening = wallClockBoundary(date, day.startTime, tz);
  const closing = wallClockBoundary(date, day.endTime, tz);
  const breaks: Interval[] = day.breaks.map((b) => ({
    start: wallClockBoundary(date, b.start, tz),
    end: wallClockBoundary(date, b.end, tz),
  }));
  const nowMs = now.getTime();

  const slots: Slot[] = [];
  // Stepping the wall clock (not instants) keeps the grid's labels regular and never shows the
  // repeated autumn hour twice; wallClockToInstant skips the spring gap and takes the first
  // 02:xx in autumn.
  for (let minutes = open; minutes < close; minutes += intervalMinutes) {
    const time = fromMinutes(minutes);
    const start = wallClockToInstant(date, time, tz);
    if (!start) continue;
    const slot: Slot = { time, start, end: endOf(start, durationMinutes) };
    // What the slot holds of the professional: its time with the preparation before and the
    // cleaning after (the client is told `slot`, ADR 036). Both must fit in her working day.
    const held = blockedSpan(slot, buffers);
    if (held.end.getTime() > closing.getTime()) continue;
    if (buffers.prepMinutes > 0 && held.start.getTime() < opening.getTime()) continue;
    if (slot.start.getTime() <= nowMs) continue;
    if (breaks.some((b) => intervalsOverlap(held, b))) continue;
    if (busy.some((b) => intervalsOverlap(held, b))) continue;
    if (groups.length > 0) {
      const resourceIds = pickResources(groups, held, input.preferredResources);
      if (!resourceIds) continue;
      slot.resourceIds = resourceIds;
    }
    slots.push(slot);
  }
  return slots;
}

/** The offered slot starting at `time`, if any: the server books only what the grid offers. */
export function findSlot(slots: readonly Slot[], time: string): Slot | undefined {
  return slots.find((s) => s.time === time);
}
