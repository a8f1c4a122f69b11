import { toEpochMs, type InstantLike } from './salon-time';

// Appointment statuses and who may move an appointment where (SPEC §4, §5). The server
// enforces these; the web app uses the same functions to decide which buttons to show.

export const APPOINTMENT_STATUSES = [
  'confirmed',
  'completed',
  'no_show',
  'cancelled_by_client',
  'cancelled_by_salon',
] as const;

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export function isAppointmentStatus(s: unknown): s is AppointmentStatus {
  return APPOINTMENT_STATUSES.includes(s as AppointmentStatus);
}

/** Only these hold a time slot (SPEC §4); the database exclusion constraint uses the same set. */
export const BLOCKING_STATUSES = ['confirmed', 'completed'] as const;

export function isBlockingStatus(s: string): boolean {
  return (BLOCKING_STATUSES as readonly string[]).includes(s);
}

/** Cancelling as the client gives cancelled_by_client; anyone else cancels for the salon (SPEC §7). */
export function cancellationStatusFor(by: 'client' | 'salon'): AppointmentStatus {
  return by === 'client' ? 'cancelled_by_client' : 'cancelled_by_salon';
}

/**
 * The client's badge. SPEC §4 lists four labels and sends anything else to 'Pendiente', but
 * no_show is a known status: showing a missed, past appointment as "Pendiente" would tell the
 * client it is still to come. So it reads 'No asistió', as the salon staff see it.
 */
export function clientBadgeLabel(status: string): string {
  // The client is not told who cancelled; every other label is the staff's own.
  return status === 'cancelled_by_client' || status === 'cancelled_by_salon' ? 'Cancelada' : statusLabel(status);
}

/** Admin and employee wording, which tells who cancelled. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'confirmed':
      return 'Confirmada';
    case 'completed':
      return 'Completada';
    case 'no_show':
      return 'No asistió';
    case 'cancelled_by_client':
      return 'Cancelada por el cliente';
    case 'cancelled_by_salon':
      return 'Cancelada por el salón';
    default:
      return 'Pendiente';
  }
}

export type BadgeTone = 'confirmed' | 'completed' | 'no_show' | 'cancelled' | 'pending';

/** The badge's look; unknown statuses get the 'pending' look (SPEC §4). */
export function badgeTone(status: string): BadgeTone {
  switch (status) {
    case 'confirmed':
    case 'completed':
    case 'no_show':
      return status;
    case 'cancelled_by_client':
    case 'cancelled_by_salon':
      return 'cancelled';
    default:
      return 'pending';
  }
}

type Timed = { status: string; startTime: Date };

const HOUR_MS = 3_600_000;

/** Used when the salon settings have no cancellation policy (SPEC §3, §9). */
export const DEFAULT_CANCELLATION_POLICY_HOURS = 24;

export type ClientCancelCheck =
  { ok: true } | { ok: false; reason: 'not_confirmed' | 'past' | 'window' };

/**
 * Whether the client may cancel now. Refused inside the window when the time left is strictly
 * below policyHours (SPEC §5: "below"), so exactly 24 h before a 24 h policy is still allowed.
 */
export function canClientCancel(
  a: Timed,
  now: InstantLike,
  policyHours: number,
): ClientCancelCheck {
  if (a.status !== 'confirmed') return { ok: false, reason: 'not_confirmed' };
  const left = a.startTime.getTime() - toEpochMs(now);
  if (left <= 0) return { ok: false, reason: 'past' };
  if (toEpochMs(now) > cancelDeadline(a.startTime, policyHours).getTime()) return { ok: false, reason: 'window' };
  return { ok: true };
}

/**
 * The last instant she may still cancel herself: `policyHours` real hours before the start (a DST
 * night does not stretch or shrink the window). A negative or missing policy must not lock
 * clients out or let them past the default.
 */
export function cancelDeadline(startTime: Date, policyHours: number): Date {
  const hours = Number.isFinite(policyHours) ? Math.max(0, policyHours) : DEFAULT_CANCELLATION_POLICY_HOURS;
  return new Date(startTime.getTime() - hours * HOUR_MS);
}

/**
 * SPEC §5: the button shows for confirmed future appointments even inside the window; pressing
 * it then explains the policy (cancelTooLate) instead of hiding the option silently.
 */
export function showClientCancelButton(a: Timed, now: InstantLike): boolean {
  return a.status === 'confirmed' && a.startTime.getTime() > toEpochMs(now);
}

/** What an employee may mark: completed or no_show (SPEC §4). */
export const EMPLOYEE_MARKS = ['completed', 'no_show'] as const;

/** The employee's undo window before a mark is saved (SPEC §4, §9). */
export const EMPLOYEE_UNDO_WINDOW_MS = 7000;

export type EmployeeMarkCheck =
  { ok: true } | { ok: false; reason: 'invalid_transition' | 'not_started' };

/** Only a confirmed appointment that has started (start <= now) can be marked. */
export function canEmployeeMark(a: Timed, to: string, now: InstantLike): EmployeeMarkCheck {
  if (a.status !== 'confirmed' || !(EMPLOYEE_MARKS as readonly string[]).includes(to)) {
    return { ok: false, reason: 'invalid_transition' };
  }
  if (a.startTime.getTime() > toEpochMs(now)) return { ok: false, reason: 'not_started' };
  return { ok: true };
}

/** The admin's actions on a confirmed appointment (SPEC §4). */
export const ADMIN_TRANSITIONS = ['completed', 'no_show', 'cancelled_by_salon'] as const;

/**
 * Only confirmed moves, and only to one of ADMIN_TRANSITIONS. The spec's "generic status update
 * accepts any status" is not kept: it would let a finished appointment be revived into a slot
 * someone else has booked since.
 */
export function canAdminTransition(from: string, to: string): boolean {
  return from === 'confirmed' && (ADMIN_TRANSITIONS as readonly string[]).includes(to);
}
