import { intervalsOverlap, type Interval } from './booking-rules';
import { MSG } from './texts/common';
import { STAFF_MSG } from './texts/staff';
import { addDays, isValidIsoDate, isValidTime, wallClockBoundary } from './salon-time';
import { blockedSpan, NO_BUFFERS, type Buffers, type ResourceGroup } from './resources';
import { findSlot, generateSlots, type Slot } from './slots';
import { dayScheduleOf, fromMinutes, toMinutes, type DaySchedule, type WeeklySchedule } from './weekly-schedule';

// THE availability rule (ADR 023): a professional can be booked at a time only when
//   weekly pattern ∩ the salon's opening that day (its special hours, else its weekly opening
//   hours once set: ADR 060) − salon closures − time off − breaks − existing appointments
// allows it, in Madrid wall-clock time, for the service's time plus its preparation and cleaning,
// and (ADR 036) every resource group the service needs has a member free for that same span. Every slot list and every booking check calls
// `availableSlots` / `checkBookable` below, so what is offered and what is accepted never differ.
// Dates are salon calendar days 'YYYY-MM-DD'; ranges are inclusive of both ends.

/** The kinds of salon-wide exception: closed (whole days) or open at special hours. */
export const SALON_EXCEPTION_KINDS = ['closed', 'special_hours'] as const;

/** A salon-wide exception: the salon closed (whole days) or open at special hours. */
export type SalonException =
  | { kind: 'closed'; startDate: string; endDate: string; reason: string }
  | { kind: 'special_hours'; startDate: string; endDate: string; startTime: string; endTime: string; reason: string };

/** A professional's time off: whole days (no times) or the same part of each day of the range. */
export type TimeOff = { startDate: string; endDate: string; startTime: string | null; endTime: string | null; reason: string };
/** A time off (or a resource's maintenance) as a request sends it: times left out for whole days. */
export type TimeOffInput = { startDate: string; endDate: string; startTime?: string | null; endTime?: string | null; reason: string };

/** A resource's maintenance: whole days (no times) or the same hours of each day, shaped as a time off (validateTimeOff checks both). */
export type Maintenance = TimeOff;

export function toTimeOff(i: TimeOffInput): TimeOff {
  return {
    startDate: i.startDate,
    endDate: i.endDate,
    startTime: i.startTime ?? null,
    endTime: i.endTime ?? null,
    reason: i.reason.trim(),
  };
}

export type Exceptions = {
  salon: readonly SalonException[];
  timeOff: readonly TimeOff[];
  /**
   * The salon's weekly opening hours (Configuración) when the owner has set them, as
   * `openingHoursOf` (salon-settings.ts) reads them; absent or null: not set, no effect (ADR 060).
   */
  openingHours?: Partial<WeeklySchedule> | null;
};
export const NO_EXCEPTIONS: Exceptions = { salon: [], timeOff: [] };

/** Why a day is closed for a professional, for the calendars ('Cerrado: Reyes' for staff). */
export type DayClosed = { kind: 'salon_closed' | 'time_off'; reason: string };

export type DayPlan = {
  /** The working day after closures and special hours. */
  day: DaySchedule;
  /** Part-day time off as real instants. */
  blocked: Interval[];
  /** Set when nothing can be booked that day because of an exception. */
  closed: DayClosed | null;
};

const covers = (e: { startDate: string; endDate: string }, date: string) => e.startDate <= date && date <= e.endDate;
const isPartDay = (t: TimeOff): t is TimeOff & { startTime: string; endTime: string } =>
  t.startTime !== null && t.endTime !== null;

/**
 * The salon's opening on `date`, or null when the salon says nothing about it: its special hours
 * that day, else its weekly opening hours when set (ADR 060). A malformed day (hand-edited jsonb)
 * says nothing, as malformed special hours never did.
 */
export function salonOpeningOf(date: string, ex: Exceptions): DaySchedule | null {
  const special = ex.salon.find((e): e is Extract<SalonException, { kind: 'special_hours' }> => e.kind === 'special_hours' && covers(e, date));
  if (special && isValidTime(special.startTime) && isValidTime(special.endTime)) return { isWorkingDay: true, startTime: special.startTime, endTime: special.endTime, breaks: [] };
  if (!ex.openingHours || !isValidIsoDate(date)) return null;
  const day = dayScheduleOf(ex.openingHours, date);
  if (!day.isWorkingDay) return day;
  const times = [day.startTime, day.endTime, ...day.breaks.flatMap((b) => [b.start, b.end])];
  return times.every(isValidTime) && toMinutes(day.endTime) > toMinutes(day.startTime) ? day : null;
}

/** `breaks` that overlap [open, close), cut to it. */
function breaksWithin(breaks: DaySchedule['breaks'], open: number, close: number): DaySchedule['breaks'] {
  return breaks
    .filter((b) => isValidTime(b.start) && isValidTime(b.end) && toMinutes(b.start) < close && toMinutes(b.end) > open)
    .map((b) => ({ start: toMinutes(b.start) < open ? fromMinutes(open) : b.start, end: toMinutes(b.end) > close ? fromMinutes(close) : b.end }));
}

/** The day as the exceptions leave it (see the top of the file). */
export function dayPlan(date: string, weekly: DaySchedule, ex: Exceptions, tz: string): DayPlan {
  const closure = ex.salon.find((e) => e.kind === 'closed' && covers(e, date));
  if (closure) return { day: { ...weekly, isWorkingDay: false }, blocked: [], closed: { kind: 'salon_closed', reason: closure.reason } };
  const wholeDayOff = ex.timeOff.find((t) => !isPartDay(t) && covers(t, date));
  if (wholeDayOff) return { day: { ...weekly, isWorkingDay: false }, blocked: [], closed: { kind: 'time_off', reason: wholeDayOff.reason } };

  let day = weekly;
  // The salon's opening (special hours: a short Christmas Eve, a late December Saturday; else its
  // weekly opening hours once set, ADR 060) bounds each professional's own weekly hours (ADR 031):
  // a part-timer who works 09:00-13:00 is not bookable until a late close, and nobody is booked
  // after the salon closes. The salon's breaks (a lunch closure) are breaks for everyone; hers are
  // kept where they meet the day. A day the salon is closed is no working day, but not a closure:
  // `closed` stays for the exceptions, which the desk cannot squeeze past (ADR 060).
  const opening = salonOpeningOf(date, ex);
  if (opening && weekly.isWorkingDay && isValidTime(weekly.startTime) && isValidTime(weekly.endTime)) {
    const startTime = opening.isWorkingDay && toMinutes(opening.startTime) > toMinutes(weekly.startTime) ? opening.startTime : weekly.startTime;
    const endTime = opening.isWorkingDay && toMinutes(opening.endTime) < toMinutes(weekly.endTime) ? opening.endTime : weekly.endTime;
    const open = toMinutes(startTime);
    const close = toMinutes(endTime);
    day = {
      isWorkingDay: opening.isWorkingDay && close > open,
      startTime,
      endTime,
      breaks: breaksWithin([...weekly.breaks, ...opening.breaks], open, close),
    };
  }
  const blocked: Interval[] = isValidIsoDate(date)
    ? ex.timeOff
        .filter((t) => isPartDay(t) && covers(t, date) && isValidTime(t.startTime!) && isValidTime(t.endTime!))
        .map((t) => ({ start: wallClockBoundary(date, t.startTime!, tz), end: wallClockBoundary(date, t.endTime!, tz) }))
    : [];
  return { day, blocked, closed: null };
}

export type AvailabilityInput = {
  date: string;
  /** The professional's weekly pattern for that weekday. */
  weekly: DaySchedule;
  exceptions: Exceptions;
  intervalMinutes: number;
  durationMinutes: number;
  /** The professional's blocking appointments around that day, with their buffers (empty for the booking check: the exclusion constraint decides those). */
  busy: Interval[];
  now: Date;
  tz: string;
  /** The service's preparation and cleaning minutes (ADR 036); none when omitted. */
  buffers?: Buffers;
  /**
   * The service's resource groups with their members' busy instants that day (other appointments'
   * held spans and maintenance). Also for the booking check: it picks the resources to store, and
   * the exclusion constraint on appointment_resources decides a race.
   */
  resources?: readonly ResourceGroup[];
  /** Resources the staff chose, taken when free (pickResources in resources.ts). */
  preferredResources?: readonly string[];
};

/** Every start time that may be booked, in order. */
export function availableSlots(input: AvailabilityInput): Slot[] {
  const plan = dayPlan(input.date, input.weekly, input.exceptions, input.tz);
  return generateSlots({
    date: input.date,
    day: plan.day,
    intervalMinutes: input.intervalMinutes,
    durationMinutes: input.durationMinutes,
    busy: plan.blocked.length ? [...input.busy, ...plan.blocked] : input.busy,
    now: input.now,
    tz: input.tz,
    buffers: input.buffers,
    resources: input.resources,
    preferredResources: input.preferredResources,
  });
}

export type BookableCheck =
  | { ok: true; slot: Slot }
  | { ok: false; code: 'salon_closed' | 'time_off'; message: string }
  | { ok: false; code: 'slot_not_offered'; message: string };

/** A time the professional could take but a cabin or machine cannot (ADR 036). */
export type ResourceRefusal = { ok: false; code: 'slot_taken' | 'resource_unavailable'; message: string };

/**
 * The booking's check with the service's resources (ADR 036): `checkBookable`, and when only the
 * resources stand in the way, why. Held by another appointment or out of service is the spec's
 * "acaba de ser reservado" (what the exclusion constraint answers in a race); the cabin the staff
 * chose not being free is named.
 */
export function checkBookableWithResources(input: AvailabilityInput, time: string): BookableCheck | ResourceRefusal {
  const check = checkBookable(input, time);
  if (check.ok || !input.resources?.length) return check;
  if (!findSlot(availableSlots({ ...input, resources: [], preferredResources: [] }), time)) return check;
  return input.preferredResources?.length
    ? { ok: false, code: 'resource_unavailable', message: STAFF_MSG.resourceUnavailable }
    : { ok: false, code: 'slot_taken', message: MSG.slotTaken };
}

/**
 * Whether `time` may be booked: the slot of `availableSlots` starting then, or why not. A time the
 * weekly pattern would offer but an exception removes is named ('salon_closed' / 'time_off', the
 * server answers 409); any other time is simply not offered. (Resources: checkBookableWithResources.)
 */
export function checkBookable(full: AvailabilityInput, time: string): BookableCheck {
  const slot = findSlot(availableSlots(full), time);
  if (slot) return { ok: true, slot };
  // Why not, without the resources (checkBookableWithResources names those).
  const input: AvailabilityInput = { ...full, resources: [], preferredResources: [] };
  const plan = dayPlan(input.date, input.weekly, input.exceptions, input.tz);
  const without = findSlot(availableSlots({ ...input, exceptions: NO_EXCEPTIONS }), time);
  if (plan.closed?.kind === 'time_off' || (without && plan.blocked.some((b) => intervalsOverlap(blockedSpan(without, input.buffers ?? NO_BUFFERS), b)))) {
    return { ok: false, code: 'time_off', message: STAFF_MSG.availabilityTimeOff };
  }
  if (plan.closed || without) return { ok: false, code: 'salon_closed', message: STAFF_MSG.availabilitySalonClosed };
  return { ok: false, code: 'slot_not_offered', message: MSG.slotNotOffered };
}

/**
 * Why a stored appointment [start, end) on salon day `date` is no longer within availability
 * (the conflict list after adding a closure, special hours or time off), or null.
 */
export function conflictOf(date: string, appointment: Interval, ex: Exceptions, tz: string): DayClosed | null {
  const closure = ex.salon.find((e) => e.kind === 'closed' && covers(e, date));
  if (closure) return { kind: 'salon_closed', reason: closure.reason };
  const wholeDay = ex.timeOff.find((t) => !isPartDay(t) && covers(t, date));
  if (wholeDay) return { kind: 'time_off', reason: wholeDay.reason };
  if (!isValidIsoDate(date)) return null;
  for (const e of ex.salon) {
    if (e.kind !== 'special_hours' || !covers(e, date) || !isValidTime(e.startTime) || !isValidTime(e.endTime)) continue;
    const open = wallClockBoundary(date, e.startTime, tz);
    const close = wallClockBoundary(date, e.endTime, tz);
    if (appointment.start.getTime() < open.getTime() || appointment.end.getTime() > close.getTime()) return { kind: 'salon_closed', reason: e.reason };
  }
  for (const t of ex.timeOff) {
    if (!isPartDay(t) || !covers(t, date) || !isValidTime(t.startTime) || !isValidTime(t.endTime)) continue;
    const block = { start: wallClockBoundary(date, t.startTime, tz), end: wallClockBoundary(date, t.endTime, tz) };
    if (intervalsOverlap(appointment, block)) return { kind: 'time_off', reason: t.reason };
  }
  return null;
}

/**
 * The instants a resource is out of service on salon day `date`: a whole day is midnight to
 * midnight (of the salon's wall clock, so right on DST days); hours through `wallClockBoundary`.
 */
export function maintenanceBlocks(date: string, maintenance: readonly Maintenance[], tz: string): Interval[] {
  if (!isValidIsoDate(date)) return [];
  const out: Interval[] = [];
  for (const m of maintenance) {
    if (m.startDate > date || date > m.endDate) continue;
    if (m.startTime === null || m.endTime === null) {
      out.push({ start: wallClockBoundary(date, '00:00', tz), end: wallClockBoundary(addDays(date, 1), '00:00', tz) });
    } else if (isValidTime(m.startTime) && isValidTime(m.endTime)) {
      out.push({ start: wallClockBoundary(date, m.startTime, tz), end: wallClockBoundary(date, m.endTime, tz) });
    }
  }
  return out;
}

/**
 * Why an appointment holding a resource over `held` (its span with buffers) is in conflict: the
 * resource was deactivated, or a maintenance period covers part of that span; null when neither.
 * The resources' conflict list, like the time off's (ADR 023): nothing is cancelled.
 */
export function resourceConflictOf(held: Interval, resource: { isActive: boolean; maintenance: readonly Maintenance[] }, date: string, tz: string): { kind: 'inactive' | 'maintenance'; reason: string } | null {
  if (!resource.isActive) return { kind: 'inactive', reason: '' };
  for (const m of resource.maintenance) {
    if (maintenanceBlocks(date, [m], tz).some((b) => intervalsOverlap(held, b))) return { kind: 'maintenance', reason: m.reason };
  }
  return null;
}

/** The staff label of a closed day: 'Cerrado: Reyes', 'Ausencia: Vacaciones'. */
export function closedLabel(closed: DayClosed): string {
  const head = closed.kind === 'salon_closed' ? 'Cerrado' : 'Ausencia';
  return closed.reason.trim() ? `${head}: ${closed.reason.trim()}` : head;
}

/**
 * The label a member of staff reads. A time off's reason may be about someone's health: only the
 * admin and the professional whose time off it is read it; other staff read 'Ausencia'. A
 * closure's reason is the salon's own and every member of staff reads it.
 */
export function closedLabelForStaff(closed: DayClosed, seesTimeOffReason: boolean): string {
  return closed.kind === 'time_off' && !seesTimeOffReason ? closedLabel({ ...closed, reason: '' }) : closedLabel(closed);
}
