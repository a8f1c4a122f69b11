import { isMessageChannel } from './message-channels';
import { isMobilePhone, mobilePhone } from './mobile-phone';
import { MESSAGING_MSG } from './texts/messaging';

// How the salon reaches a client (ADR 057): her phone, when she gives it herself (sign-up, Tus
// datos, Mis Citas' note), must be a mobile, since she gives it for WhatsApp or SMS; the desk's
// records keep any valid phone (front-desk-rules.ts). A channel must be one that can reach her.

export type PhoneCode = 'PHONE_INVALID' | 'PHONE_NOT_MOBILE';
export type PhoneCheck = { ok: true; phone: string | null } | { ok: false; code: PhoneCode; message: string };

/** Her own phone: empty is none; anything else a valid mobile, in E.164. */
export function clientPhone(input: string | null | undefined): PhoneCheck {
  if (input == null || input.trim() === '') return { ok: true, phone: null };
  const check = mobilePhone(input);
  if (check.ok) return { ok: true, phone: check.e164 };
  return check.reason === 'not_mobile'
    ? { ok: false, code: 'PHONE_NOT_MOBILE', message: MESSAGING_MSG.phoneNotMobile }
    : { ok: false, code: 'PHONE_INVALID', message: MESSAGING_MSG.phoneInvalid };
}

/** Why `channel` cannot reach a person with this phone (E.164) and email, or null. Not chosen (null) and none always can. */
export function channelProblem(channel: unknown, has: { phone: string | null; email: string | null }): string | null {
  if (channel === null) return null;
  if (!isMessageChannel(channel)) return MESSAGING_MSG.channelInvalid;
  if ((channel === 'whatsapp' || channel === 'sms') && !isMobilePhone(has.phone)) return MESSAGING_MSG.channelNeedsMobile;
  if (channel === 'email' && !has.email?.includes('@')) return MESSAGING_MSG.channelNeedsEmail;
  return null;
}
