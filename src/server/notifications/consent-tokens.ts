import { signedToken, subjectOf } from './tokens';

// The "Firma tu consentimiento" link (/firma/<token>, ADR 041): a capability naming ONE
// appointment, signed like the stop-reminders link (tokens.ts, ADR 022) with the same key but its
// own purpose string, so a token of one kind is never accepted as the other. No login and no
// table: whoever holds the link (the client, by her email or Mis Citas) may read the consent's
// text and sign it for that appointment; it shows no health data already given.

const PURPOSE = 'auna:consent-sign:v1';
const APPOINTMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The link's token for an appointment: its id and the HMAC of it. */
export const consentSignToken = (secret: string, appointmentId: string): string => signedToken(secret, PURPOSE, appointmentId);

/** The appointment the token was made for, or null when it is not one of ours. */
export function verifyConsentSignToken(secret: string, token: string): string | null {
  const appointmentId = subjectOf(secret, PURPOSE, token);
  return appointmentId !== null && APPOINTMENT_ID.test(appointmentId) ? appointmentId.toLowerCase() : null;
}

/** The page's path (the web app's route /firma/:token). */
export const consentSignPath = (token: string) => `/firma/${token}`;
