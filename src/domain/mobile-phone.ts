import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_REGION } from './phone';

// A phone a message can reach (WhatsApp, SMS): a MOBILE number, stored in E.164 like every phone
// of the salon (phone.ts). The "max" metadata knows each number's type; it is large (~150 KB), so
// this file is the server's only (the web shows the server's answer, never imports it).

export type MobileCheck = { ok: true; e164: string } | { ok: false; reason: 'invalid' | 'not_mobile' };

const MESSAGING_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** A number typed by a person ("612 34 56 78", "+34…", "0034…"; Spanish without a prefix): E.164 when it is a valid mobile. */
export function mobilePhone(input: string): MobileCheck {
  const raw = input.trim().replace(/^00/, '+');
  if (!/^[+\d\s().-]{6,25}$/.test(raw)) return { ok: false, reason: 'invalid' };
  const parsed = parsePhoneNumberFromString(raw, DEFAULT_PHONE_REGION);
  if (!parsed || !parsed.isValid()) return { ok: false, reason: 'invalid' };
  const type = parsed.getType();
  if (!type || !MESSAGING_TYPES.has(type)) return { ok: false, reason: 'not_mobile' };
  return { ok: true, e164: parsed.number };
}

/** Whether a stored number (E.164, or null) can get WhatsApp or SMS. */
export function isMobilePhone(e164: string | null | undefined): e164 is string {
  if (!e164) return false;
  const check = mobilePhone(e164);
  return check.ok && check.e164 === e164;
}

/** The number as WhatsApp and wa.me write it: E.164 without the "+". */
export const whatsappNumber = (e164: string) => e164.replace(/^\+/, '');
