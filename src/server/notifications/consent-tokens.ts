import { signedToken, subjectOf } from './tokens';

// The "Firma tu consentimiento" link (/firma/<token>, ADR 041, 051): a capability naming ONE
// appointment and its link generation, signed like the stop-reminders link (tokens.ts, ADR 022)
// with the same key but its own purpose string, so a token of one kind is never accepted as the
// other. No login and no table: whoever holds the link may read the consent's text, sign it for
// that appointment and download that visit's signed documents, until the end of the visit's day.
// The generation (appointments.consent_link_generation, raised when the visit moves to another
// service) is left out of the subject while it is 1, so the links mailed before it existed are
// the generation-1 links and keep working.

const PURPOSE = 'auna:consent-sign:v1';
const SUBJECT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:~([2-9]|[1-9]\d{1,8}))?$/i;

export type ConsentLink = { appointmentId: string; generation: number };

/** The link's token for an appointment: its id (and its generation after the first) and the HMAC of them. */
export const consentSignToken = (secret: string, appointmentId: string, generation = 1): string =>
  signedToken(secret, PURPOSE, generation === 1 ? appointmentId : `${appointmentId}~${generation}`);

/** The appointment and generation the token was made for, or null when it is not one of ours. */
export function verifyConsentSignToken(secret: string, token: string): ConsentLink | null {
  const subject = subjectOf(secret, PURPOSE, token);
  const m = subject === null ? null : SUBJECT.exec(subject);
  return m ? { appointmentId: m[1]!.toLowerCase(), generation: m[2] ? Number(m[2]) : 1 } : null;
}

/** The mailed link's path: the server trades it for a cookie and sends her on to /firma (consents/link-routes.ts). */
export const consentSignPath = (token: string) => `/firma/${token}`;
