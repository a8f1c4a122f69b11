import { createHmac, timingSafeEqual } from 'node:crypto';

// The "Firma tu consentimiento" link (/firma/<token>, ADR 041): a capability naming ONE
// appointment, signed like the stop-reminders link (tokens.ts, ADR 022) with the same key but its
// own purpose string, so a token of one kind is never accepted as the other. No login and no
// table: whoever holds the link (the client, by her email or Mis Citas) may read the consent's
// text and sign it for that appointment; it shows no health data already given.

const PURPOSE = 'auna:consent-sign:v1';
const APPOINTMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sign = (secret: string, appointmentId: string) => createHmac('sha256', secret).update(`${PURPOSE}:${appointmentId}`).digest('base64url');

/** The link's token for an appointment: its id and the HMAC of it. */
export function consentSignToken(secret: string, appointmentId: string): string {
  return `${Buffer.from(appointmentId, 'utf8').toString('base64url')}.${sign(secret, appointmentId)}`;
}

/** The appointment the token was made for, or null when it is not one of ours. */
export function verifyConsentSignToken(secret: string, token: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,80})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const appointmentId = Buffer.from(m[1]!, 'base64url').toString('utf8');
  if (!APPOINTMENT_ID.test(appointmentId)) return null;
  const want = Buffer.from(sign(secret, appointmentId));
  const got = Buffer.from(m[2]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return appointmentId.toLowerCase();
}

/** The page's path (the web app's route /firma/:token). */
export const consentSignPath = (token: string) => `/firma/${token}`;
