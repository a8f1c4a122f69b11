import { STAFF_MSG } from './texts/staff';

// Passwords (ADR 025). The spec's minimum of 6 stays for clients (better-auth checks
// it); on top of it the 10,000 most common passwords are refused, and staff accounts (admin and
// linked employees) need at least 12 characters.

export const CLIENT_PASSWORD_MIN = 6;
export const STAFF_PASSWORD_MIN = 12;
export const COMMON_PASSWORDS_COUNT = 10_000;

export type PasswordProblem = { code: 'PASSWORD_TOO_COMMON' | 'STAFF_PASSWORD_TOO_SHORT'; message: string };

/** The first problem with a NEW password, or null. `isCommon` looks the password up in the shipped list. */
export function newPasswordProblem(password: string, opts: { staff: boolean; isCommon: (p: string) => boolean }): PasswordProblem | null {
  if (opts.staff && [...password].length < STAFF_PASSWORD_MIN) return { code: 'STAFF_PASSWORD_TOO_SHORT', message: STAFF_MSG.staffPasswordTooShort };
  if (opts.isCommon(password) || opts.isCommon(password.toLowerCase())) return { code: 'PASSWORD_TOO_COMMON', message: STAFF_MSG.passwordTooCommon };
  return null;
}
