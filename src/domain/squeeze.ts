import { checkBookable, dayPlan, type AvailabilityInput } from './availability';
import { endOf, intervalsOverlap, isBookableDate } from './booking-rules';
import { MSG } from './texts/common';
import { STAFF_MSG } from './texts/staff';
import { blockedSpan, NO_BUFFERS, pickResources } from './resources';
import { addDays, isValidIsoDate, isValidTime, salonDateOf, wallClockBoundary, wallClockToInstant } from './salon-time';
import { salonMinuteOf } from './calendar-date';
import type { Slot } from './slots';
import { fromMinutes } from './weekly-schedule';

// Fitting someone in at the desk (docs/decisions/058-the-desk-fits-people-in.md). The slot engine
// offers a client only the times of the professional's hours, on the salon's interval, from now
// on. The staff may also book (a) at a time it does not offer — outside her hours, in a break, off
// the interval — when the professional and the cabins are free then ("Fuera de horario"), and
// (b) a client who walks in, at the start of the visit already under way. What still refuses
// both: a closure, a time off or a block, a cabin held or out of service, and (at the database)
// any overlap with another appointment of the professional or the resource.

/** How an appointment was fitted in; stored on it and drawn in the day view. */
export const FIT_IN_KINDS = ['outside_hours', 'walk_in'] as const;
export type FitInKind = (typeof FIT_IN_KINDS)[number];

/** A walk-in's start is rounded down to this many minutes ("a las 16:05", not "16:07"). */
export const WALK_IN_ROUNDING_MINUTES = 5;
/** A walk-in may be booked a little ahead (she is taking her coat off), no more. */
export const WALK_IN_AHEAD_MINUTES = 15;

const MINUTE_MS = 60_000;

/** Where a walk-in booked now starts: the salon's day and its wall clock, rounded down to 5 minutes. */
export function walkInStart(now: Date, tz: string): { date: string; time: string } {
  const minute = salonMinuteOf(now, tz);
  return { date: salonDateOf(now, tz), time: fromMinutes(minute - (minute % WALK_IN_ROUNDING_MINUTES)) };
}

export type SqueezeInput = AvailabilityInput & { time: string; walkIn: boolean };

export type SqueezeRefusal = { ok: false; status: 400 | 409; code: string; message: string };
export type SqueezeCheck = { ok: true; slot: Slot; fittedIn: FitInKind | null } | SqueezeRefusal;

const refuse = (status: 400 | 409, code: string, message: string): SqueezeRefusal => ({ ok: false, status, code, message });

/**
 * Whether the staff may book `time` on `date` outside what the slot engine offers, and how it is
 * then marked: null when the engine would have offered it anyway (a normal booking), 'walk_in' for
 * a client already here, 'outside_hours' otherwise (the caller asks for the confirmation). Busy
 * time of the professional is NOT read here: the exclusion constraint decides it, as for every
 * booking, so a lost race answers the spec's conflict text.
 */
export function checkSqueeze(input: SqueezeInput): SqueezeCheck {
  const { date, time, tz, now } = input;
  const buffers = input.buffers ?? NO_BUFFERS;
  if (!isValidIsoDate(date) || !isValidTime(time)) return refuse(400, 'slot_not_offered', MSG.slotNotOffered);
  if (!isBookableDate(date, salonDateOf(now, tz))) return refuse(400, 'slot_not_offered', MSG.slotNotOffered);
  const start = wallClockToInstant(date, time, tz);
  if (!start) return refuse(400, 'slot_not_offered', MSG.slotNotOffered);
  const slot: Slot = { time, start, end: endOf(start, input.durationMinutes) };
  const held = blockedSpan(slot, buffers);
  const dayStart = wallClockBoundary(date, '00:00', tz);
  const dayEnd = wallClockBoundary(addDays(date, 1), '00:00', tz);
  if (held.start < dayStart || held.end > dayEnd) return refuse(400, 'outside_day', STAFF_MSG.squeezeOutsideDay);

  if (input.walkIn) {
    if (slot.end.getTime() <= now.getTime() || slot.start.getTime() > now.getTime() + WALK_IN_AHEAD_MINUTES * MINUTE_MS)
      return refuse(400, 'walk_in_not_now', STAFF_MSG.walkInNotNow);
  } else if (slot.start.getTime() <= now.getTime()) {
    return refuse(400, 'squeeze_past', STAFF_MSG.squeezePast);
  }

  // What the professional's hours do not decide: closures, time off and blocks.
  const plan = dayPlan(date, input.weekly, input.exceptions, tz);
  if (plan.closed)
    return refuse(
      409,
      plan.closed.kind,
      plan.closed.kind === 'time_off' ? STAFF_MSG.availabilityTimeOff : STAFF_MSG.availabilitySalonClosed,
    );
  if (plan.blocked.some((b) => intervalsOverlap(held, b))) return refuse(409, 'time_off', STAFF_MSG.availabilityTimeOff);

  // The cabins and machines: one free member of each group, the staff's choice if she made one.
  if (input.resources?.length) {
    const picked = pickResources(input.resources, held, input.preferredResources);
    if (!picked)
      return input.preferredResources?.length
        ? refuse(409, 'resource_unavailable', STAFF_MSG.resourceUnavailable)
        : refuse(409, 'slot_taken', MSG.slotTaken);
    slot.resourceIds = picked;
  }

  const offered = !input.walkIn && checkBookable({ ...input, busy: [] }, time).ok;
  return { ok: true, slot, fittedIn: input.walkIn ? 'walk_in' : offered ? null : 'outside_hours' };
}
