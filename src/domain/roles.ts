// The roles an account has (SPEC §2), in one place: the database column's enum (db/schema/accounts.ts), the
// session's type, the guards and the web's route access all read this list.
// 'receptionist' is the desk's (docs/decisions/063-the-receptionist-role.md): the salon's day, its
// clients and its money, without the owner's reports, settings, staff or templates, and no health answers.
export const ROLES = ['client', 'employee', 'receptionist', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that work in the salon (the employee's agenda, the desk, the admin's back office). */
export const STAFF_ROLES = ['employee', 'receptionist', 'admin'] as const satisfies readonly Role[];
/** The roles that work the whole salon's day (every professional's agenda, every client, the till): the desk. */
export const DESK_ROLES = ['receptionist', 'admin'] as const satisfies readonly Role[];
/** The roles with an agenda of their own ("Mi Agenda", its calendar feed, own time off through the admin). */
export const AGENDA_ROLES = ['employee', 'admin'] as const satisfies readonly Role[];
/** The roles an employee record gives its linked account (the employee form's "Acceso"); the admin's is her own. */
export const EMPLOYEE_ACCOUNT_ROLES = ['employee', 'receptionist'] as const satisfies readonly Role[];

export type StaffRole = (typeof STAFF_ROLES)[number];
export type EmployeeAccountRole = (typeof EMPLOYEE_ACCOUNT_ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
/** Whether the role works in the salon (stored roles are plain strings in some reads: the session's, the user row's). */
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
/** Whether the role works the whole salon's day (the desk: the admin and the receptionist). */
export const isDeskRole = (value: unknown): boolean => typeof value === 'string' && (DESK_ROLES as readonly string[]).includes(value);
/** Whether an account of this role holds its access through an employee record (a leaver loses it, ADR 032). */
export const isEmployeeAccountRole = (value: unknown): value is EmployeeAccountRole =>
  typeof value === 'string' && (EMPLOYEE_ACCOUNT_ROLES as readonly string[]).includes(value);
