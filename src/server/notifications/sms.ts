import type { Config } from '../config';
import { PermanentSendError, postWithin, shortText } from './provider-errors';

// SMS through Twilio's Messages API (ADR 056): POST /2010-04-01/Accounts/{sid}/Messages.json,
// form-encoded, HTTP Basic with the account SID and auth token; its delivery receipts come back to
// StatusCallback signed with X-Twilio-Signature (features/messaging). No SDK: one POST and one HMAC.

export type SmsConfig = NonNullable<Config['sms']>;

/** Sends one SMS to `to` (E.164); returns Twilio's id of it (SM…). */
export async function sendSms(cfg: SmsConfig, to: string, body: string, statusCallback: string): Promise<string> {
  const form = new URLSearchParams({ To: to, Body: body, StatusCallback: statusCallback });
  // A Messaging Service (MG…) picks the sender itself; else a number or an alphanumeric sender ID.
  form.set(cfg.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', cfg.from);
  const res = await postWithin(`${cfg.apiUrl}/2010-04-01/Accounts/${cfg.accountSid}/Messages.json`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form.toString(),
  });
  const json = (await res.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
  if (res.ok) {
    if (typeof json?.sid === 'string' && /^[A-Z]{2}[0-9a-f]{32}$/i.test(json.sid)) return json.sid;
    throw new Error('Twilio no devolvió el identificador del SMS');
  }
  const failure = `SMS ${res.status}${json?.code != null ? ` (${shortText(json.code)})` : ''}: ${shortText(json?.message)}`;
  if (res.status === 429 || res.status >= 500) throw new Error(failure);
  throw new PermanentSendError(failure);
}
