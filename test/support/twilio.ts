import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recorded } from './recorded';
import { rememberSecret } from './run-log';

// A stand-in for Twilio's Messages API (ADR 056) on loopback, strict where Twilio is:
// POST /2010-04-01/Accounts/<AccountSid>/Messages.json, form-encoded, HTTP Basic with the account SID
// and auth token (else 401, code 20003); To in E.164, Body non-empty (at most 1600 characters),
// From or MessagingServiceSid (else 400, code 21604 / 21602 / 21211). It answers 201 with an SM… sid
// and records the message; it posts delivery receipts to the message's StatusCallback signed as
// Twilio signs them (X-Twilio-Signature: base64 HMAC-SHA1, with the auth token, of the URL followed by
// the POST parameters sorted by name), or unsigned, or forged, as a test asks.

export type Sms = { sid: string; to: string; from: string; body: string; statusCallback: string | null };
type Sign = 'valid' | 'none' | 'forged';

export type TwilioStandIn = {
  /** Every TWILIO_* variable our server needs to use this stand-in. */
  env: Record<string, string>;
  messages: Sms[];
  waitFor: (to: string, match?: (m: Sms) => boolean, timeout?: number) => Promise<Sms>;
  /** The next send to `to` is refused as Twilio refuses it (e.g. 400, 21614). */
  refuseNext: (to: string, error: { status: number; code: number; message: string }) => void;
  /** A receipt for `sms` to its StatusCallback: queued, sent, delivered, undelivered or failed. */
  receipt: (sms: Sms, status: 'sent' | 'delivered' | 'undelivered' | 'failed', opts?: { sign?: Sign; errorCode?: string }) => Promise<{ status: number; text: string }>;
  close: () => Promise<void>;
};

export async function startTwilio(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = 'AunaEstet';
  rememberSecret(authToken);
  const sent = recorded<Sms>();
  const messages = sent.items;
  const refusals = new Map<string, { status: number; code: number; message: string }>();

  const fail = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return fail(res, 404, 20404, 'The requested resource was not found');
      if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`) return fail(res, 401, 20003, 'Authenticate');
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return fail(res, 400, 20001, 'Invalid content type');
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      const sender = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
      if (!/^\+\d{8,15}$/.test(to)) return fail(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!sender) return fail(res, 400, 21604, "A 'From' phone number is required.");
      if (!body || body.length > 1600) return fail(res, 400, 21602, 'Message body is required.');
      const refusal = refusals.get(to);
      if (refusal) {
        refusals.delete(to);
        return fail(res, refusal.status, refusal.code, refusal.message);
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      sent.add({ sid, to, from: sender, body, statusCallback: form.get('StatusCallback') });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid, account_sid: accountSid, to, from: sender, body, status: 'queued', num_segments: '1', error_code: null, error_message: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signature = (token: string, callback: string, params: URLSearchParams) => {
    const data = callback + [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => k + v).join('');
    return createHmac('sha1', token).update(data, 'utf8').digest('base64');
  };

  return {
    env: { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: url },
    messages,
    waitFor: (to, match = () => true, timeout = 10_000) => sent.waitFor((m) => m.to === to && match(m), timeout, `SMS to ${to}`),
    refuseNext: (to, error) => void refusals.set(to, error),
    async receipt(sms, status, opts = {}) {
      if (!sms.statusCallback) throw new Error('the message asked for no StatusCallback');
      const params = new URLSearchParams({ AccountSid: accountSid, From: sms.from, MessageSid: sms.sid, MessageStatus: status, SmsSid: sms.sid, SmsStatus: status, To: sms.to, ApiVersion: '2010-04-01' });
      if (opts.errorCode) params.set('ErrorCode', opts.errorCode);
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (opts.sign !== 'none') headers['x-twilio-signature'] = signature(opts.sign === 'forged' ? 'otro-token' : authToken, sms.statusCallback, params);
      const res = await fetch(sms.statusCallback, { method: 'POST', headers, body: params.toString() });
      return { status: res.status, text: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
