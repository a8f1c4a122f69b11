import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Client phone numbers (ADR 019): typed any way at the counter ("612 34 56 78", "+34 612...",
// "0034..."), stored in ONE format, E.164 (+34612345678), so a search by a few digits finds it.
// A number without a country prefix is Spanish.

export const DEFAULT_PHONE_REGION = 'ES';

/** The number in E.164, or null when it is not a valid phone number. */
export function normalizePhone(input: string): string | null {
  const raw = input.trim().replace(/^00/, '+');
  if (!/^[+\d\s().-]{6,25}$/.test(raw)) return null;
  const parsed = parsePhoneNumberFromString(raw, DEFAULT_PHONE_REGION);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** For reading: "612 34 56 78" for a Spanish number, "+44 20 7946 0958" for any other. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_REGION ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A number typed in a free field (the salon's settings, a professional's record) as it is read:
 * national format when it is a valid number ("+34 923401234" -> "923 40 12 34"), else as typed.
 */
export function readablePhone(typed: string | null | undefined): string {
  const e164 = normalizePhone(typed ?? '');
  return e164 ? formatPhone(e164) : (typed ?? '').trim();
}

/** The digits of a search text, for matching against stored numbers ("612 3" -> "6123"). */
export function phoneDigits(q: string): string {
  return q.replace(/\D/g, '');
}
