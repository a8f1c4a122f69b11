import { MSG } from './texts/common';
import { isWholeCents } from './money';
import { hasControlCharacters } from './plain-text';
import { isSlotInterval } from './slots';
import { STAFF_MSG } from './texts/staff';
import { ROLES_MSG } from './texts/roles';

// The form rules of the back office (SPEC §5 Service form, Employee form, Settings), one source
// for the server's 400 and the form's inline message. Each returns the first problem or null.

export const LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  categoryMax: 60,
  phoneMax: 40,
  emailMax: 254,
  addressMax: 200,
  /** A service longer than a whole day is a typo, not a treatment. */
  durationMax: 24 * 60,
  /** numeric(10,2) holds up to 99 999 999,99; a salon price above 100 000 € is a typo. */
  priceMax: 100_000,
  cancellationHoursMax: 24 * 365,
} as const;

export type ServiceFields = {
  name: string;
  duration: number;
  price: number;
  description?: string;
  category?: string;
};

const blank = (s: string | undefined | null) => !s || s.trim() === '';

export function serviceFieldsError(s: ServiceFields): string | null {
  if (blank(s.name) || s.name.trim().length > LIMITS.nameMax) return MSG.serviceNameRequired;
  if (hasControlCharacters(s.name) || hasControlCharacters(s.category) || hasControlCharacters(s.description, 'multi-line'))
    return STAFF_MSG.textControlCharacters;
  if (!Number.isInteger(s.duration) || s.duration < 1 || s.duration > LIMITS.durationMax) return MSG.serviceDurationInvalid;
  if (!Number.isFinite(s.price) || s.price < 0 || s.price > LIMITS.priceMax || !isWholeCents(s.price)) return MSG.servicePriceInvalid;
  if ((s.description ?? '').length > LIMITS.descriptionMax || (s.category ?? '').length > LIMITS.categoryMax) return MSG.invalidInput;
  return null;
}

/** A plain shape check (the browser's type="email" rule): something@something.tld, no spaces. */
export function isEmailLike(email: string): boolean {
  return email.length <= LIMITS.emailMax && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export type EmployeeFields = { name: string; email?: string | null; phoneNumber?: string | null; accountRole?: string; servicesOffered?: readonly string[] };

export function employeeFieldsError(e: EmployeeFields): string | null {
  if (blank(e.name) || e.name.trim().length > LIMITS.nameMax) return MSG.employeeNameRequired;
  if ([e.name, e.email, e.phoneNumber].some((t) => hasControlCharacters(t))) return STAFF_MSG.textControlCharacters;
  if (!blank(e.email) && !isEmailLike(e.email!.trim())) return MSG.employeeEmailInvalid;
  if ((e.phoneNumber ?? '').length > LIMITS.phoneMax) return MSG.invalidInput;
  // ADR 063: the desk treats no one, so it is never offered to clients nor drawn as a column.
  if (e.accountRole === 'receptionist' && (e.servicesOffered?.length ?? 0) > 0) return ROLES_MSG.receptionNoServices;
  return null;
}

export type SettingsFields = {
  name: string;
  address?: string;
  phoneNumber?: string;
  appointmentTimeSlotInterval: number;
  cancellationPolicyHours: number;
};

export function settingsFieldsError(s: SettingsFields): string | null {
  if (blank(s.name) || s.name.trim().length > LIMITS.nameMax) return MSG.salonNameRequired;
  if ([s.name, s.address, s.phoneNumber].some((t) => hasControlCharacters(t))) return STAFF_MSG.textControlCharacters;
  if (!isSlotInterval(s.appointmentTimeSlotInterval)) return MSG.slotIntervalInvalid;
  const h = s.cancellationPolicyHours;
  // Whole hours: the column is an integer and the policy is stated in hours (SPEC §5: number, min 0).
  if (!Number.isInteger(h) || h < 0 || h > LIMITS.cancellationHoursMax) return MSG.cancellationHoursInvalid;
  if ((s.address ?? '').length > LIMITS.addressMax || (s.phoneNumber ?? '').length > LIMITS.phoneMax) return MSG.invalidInput;
  return null;
}

/** Account-linking emails are compared lowercased (SPEC §5 Employee form). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** SPEC §9: the linked account email in the employees table is cut to 15 characters. */
export function truncateAccountEmail(email: string, max = 15): string {
  const chars = [...email];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : email;
}
