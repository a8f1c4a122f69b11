import { createHmac, timingSafeEqual } from 'node:crypto';

// Who may call our webhooks (ADR 055, 056): only the provider, proven by its signature over what it
// sent. Anything unsigned or wrongly signed is refused before it is read.

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Meta's X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the raw body with the app secret, in hex. */
export function validMetaSignature(appSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const want = `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
  return same(want, header.toLowerCase());
}

/**
 * Twilio's X-Twilio-Signature: base64 of the HMAC-SHA1, with the auth token, of the URL Twilio
 * called followed by every POST parameter's name and value, sorted by name.
 */
export function validTwilioSignature(authToken: string, url: string, params: URLSearchParams, header: string | undefined): boolean {
  if (!header || !/^[A-Za-z0-9+/]{27}=$/.test(header)) return false;
  const pairs = [...params.entries()].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + pairs.map(([k, v]) => k + v).join('');
  return same(createHmac('sha1', authToken).update(data, 'utf8').digest('base64'), header);
}

/** Meta's verification of the webhook's address: the challenge back when the verify token is ours. */
export function metaChallenge(verifyToken: string, q: { mode?: string; token?: string; challenge?: string }): string | null {
  if (q.mode !== 'subscribe' || !q.token || !same(q.token, verifyToken)) return null;
  return q.challenge && /^[A-Za-z0-9_-]{1,128}$/.test(q.challenge) ? q.challenge : null;
}
