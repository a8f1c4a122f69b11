import { MSG } from './texts/common';

// The signup form's own checks (SPEC §5 "Signup"). better-auth enforces the same minimum on
// the server; checking here first lets the form answer in the spec's words without a round trip.

export const MIN_PASSWORD_LENGTH = 6;

export type SignupInput = { email: string; password: string; confirmPassword: string };

/** The first problem of the form, or null. The name is optional and not checked. */
export function validateSignup({ email, password, confirmPassword }: SignupInput): string | null {
  if (email.trim() === '' || password === '' || confirmPassword === '') {
    return MSG.signupMissingFields;
  }
  // Counted in characters a person sees ('ñ', an emoji), not UTF-16 units.
  if ([...password].length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  if (password !== confirmPassword) return MSG.passwordsDontMatch;
  return null;
}
