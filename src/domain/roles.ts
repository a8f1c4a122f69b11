// The roles an account has (SPEC §2), in one place: the database column's enum (db/schema/accounts.ts), the
// session's type, the guards and the web's route access all read this list.
export const ROLES = ['client', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that work in the salon (the employee's agenda, the admin's back office). */
export const STAFF_ROLES = ['employee', 'admin'] as const satisfies readonly Role[];

export type StaffRole = (typeof STAFF_ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
/** Whether the role works in the salon (stored roles are plain strings in some reads: the session's, the user row's). */
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
