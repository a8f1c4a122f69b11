import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The one-click "stop reminders" link: who it is for, signed with a key derived from the auth
// secret, so it needs no login and no table, and cannot be forged for someone else (ADR 022).
// It names an account (its user id, as every link sent before ADR 029) or, for a client the salon
// booked without an account, her client record ('record:<uuid>'; better-auth ids have no colon).

const PURPOSE = 'auna:stop-reminders:v1';
const RECORD = 'record:';

export type StopRemindersSubject = { account: string } | { record: string };

/**
 * A link's token: its subject (base64url) and the HMAC of the purpose and the subject, so a token
 * made for one kind of link (this one, the consent's: consent-tokens.ts) is never accepted as another.
 */
export const signedToken = (secret: string, purpose: string, subject: string) =>
  `${Buffer.from(subject, 'utf8').toString('base64url')}.${hmac(secret, purpose, subject)}`;

/** The subject a token was made for with this purpose, or null when it is not one of ours. */
export function subjectOf(secret: string, purpose: string, token: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const subject = Buffer.from(m[1]!, 'base64url').toString('utf8');
  const want = Buffer.from(hmac(secret, purpose, subject));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? subject : null;
}

const hmac = (secret: string, purpose: string, subject: string) => createHmac('sha256', secret).update(`${purpose}:${subject}`).digest('base64url');

/** The link of an account. */
export function stopRemindersToken(secret: string, userId: string): string {
  return signedToken(secret, PURPOSE, userId);
}

/** The link of a client record without an account. */
export function stopRemindersTokenForRecord(secret: string, recordId: string): string {
  return signedToken(secret, PURPOSE, `${RECORD}${recordId}`);
}

/** Who the token was made for, or null when it is not one of ours. */
export function verifyStopRemindersToken(secret: string, token: string): StopRemindersSubject | null {
  const subject = subjectOf(secret, PURPOSE, token);
  if (subject === null) return null;
  return subject.startsWith(RECORD) ? { record: subject.slice(RECORD.length) } : { account: subject };
}

/** A calendar feed's secret: 32 random bytes, the whole capability (ADR 022). */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/**
 * What the database keeps of a feed token (ADR 032): its SHA-256 in hex, as migration 0010 computes
 * it for the tokens made before. 32 random bytes need no salt or slow hash: nobody can guess them.
 */
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

// ---- The answers to a message about a visit (ADR 057, 055) ----
// Both name ONE appointment at ONE version (its calendar SEQUENCE): a link or button of a message
// about an older time does not confirm or cancel the new one. Each purpose has its own string, so a
// token of one kind is never accepted as another.

const VISIT_LINK = 'auna:visit-link:v1';
const REPLY = { confirm: 'auna:visit-confirm:v1', cancel: 'auna:visit-cancel:v1' } as const;
const REPLY_PREFIX = { confirm: 'C', cancel: 'X' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type VisitRef = { appointmentId: string; version: number };
export type ReplyAction = keyof typeof REPLY;

function refOf(subject: string | null): VisitRef | null {
  const m = subject ? /^([0-9a-f-]{36}):(\d{1,6})$/.exec(subject) : null;
  return m && UUID.test(m[1]!) ? { appointmentId: m[1]!, version: Number(m[2]) } : null;
}

/** The confirm/cancel link of an SMS or of the desk's WhatsApp: a page that works without signing in. */
export const visitToken = (secret: string, ref: VisitRef) => signedToken(secret, VISIT_LINK, `${ref.appointmentId}:${ref.version}`);

export const readVisitToken = (secret: string, token: string): VisitRef | null => refOf(subjectOf(secret, VISIT_LINK, token));

/** A WhatsApp quick-reply button's payload (under 128 characters): "C." or "X." and the signed visit. */
export const replyPayload = (secret: string, action: ReplyAction, ref: VisitRef) =>
  `${REPLY_PREFIX[action]}.${signedToken(secret, REPLY[action], `${ref.appointmentId}:${ref.version}`)}`;

/** What a button's payload asks, when we made it. */
export function readReplyPayload(secret: string, payload: string): (VisitRef & { action: ReplyAction }) | null {
  if (payload.length > 200) return null;
  const action = payload.startsWith('C.') ? 'confirm' : payload.startsWith('X.') ? 'cancel' : null;
  if (!action) return null;
  const ref = refOf(subjectOf(secret, REPLY[action], payload.slice(2)));
  return ref ? { ...ref, action } : null;
}

/** The confirm/cancel page of a visit (features/messaging), from the public URL. */
export const visitPath = (token: string) => `/api/messaging/visit?token=${token}`;
