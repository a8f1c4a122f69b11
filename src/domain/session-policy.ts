// Sessions (docs/decisions/025): an absolute lifetime for everyone and a shorter idle
// timeout for staff, whose accounts open the whole salon's books. Times are real (the session's
// own timestamps and the wall clock), as better-auth's expiry is.

import { isEmployeeAccountRole, isStaffRole, type Role } from './roles';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;
/** A staff session's last activity is written at most this often (one UPDATE per 5 minutes of use). */
export const ACTIVITY_TOUCH_MS = 5 * 60 * 1000;

export type SessionFacts = { role: string; createdAt: Date; lastActiveAt: Date; now: Date };

/** Whether the session is over: 30 days after sign-in for everyone, 12 hours without use for staff. */
export function sessionEnded(s: SessionFacts): boolean {
  const now = s.now.getTime();
  if (now - s.createdAt.getTime() >= SESSION_ABSOLUTE_MS) return true;
  return isStaffRole(s.role) && now - s.lastActiveAt.getTime() >= STAFF_IDLE_MS;
}

/** Whether to record this request as the session's last activity. */
export function shouldTouchSession(s: SessionFacts): boolean {
  return isStaffRole(s.role) && s.now.getTime() - s.lastActiveAt.getTime() >= ACTIVITY_TOUCH_MS;
}

/**
 * The role a request acts with (ADR 032): an employee account opens the staff routes only while an
 * ACTIVE employee record links it. A leaver (record deactivated, or no record at all) acts as a
 * client, her own bookings and account still hers; the admin needs no employee record. A
 * receptionist's access is held the same way (ADR 063): a leaver at the desk is a client too.
 */
export function effectiveRole(role: string, hasActiveEmployeeRecord: boolean): Role {
  if (role === 'admin') return 'admin';
  if (isEmployeeAccountRole(role) && hasActiveEmployeeRecord) return role;
  return 'client';
}

/** How recent a sign-in proves who is at the keyboard for an irreversible step (ADR 033: deleting an account). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * Whether the session's sign-in is recent enough to delete the account without the password. A
 * sign-in stamped after `now` (clock skew between the database and the app) counts as recent.
 */
export function signedInRecently(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= RECENT_SIGN_IN_MS;
}
