import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The one-click "stop reminders" link: the client's id signed with a key derived from the auth
// secret, so it needs no login and no table, and cannot be forged for someone else (ADR 022).

const PURPOSE = 'auna:stop-reminders:v1';

const sign = (secret: string, userId: string) => createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

export function stopRemindersToken(secret: string, userId: string): string {
  return `${Buffer.from(userId, 'utf8').toString('base64url')}.${sign(secret, userId)}`;
}

/** The user id the token was made for, or null when it is not one of ours. */
export function verifyStopRemindersToken(secret: string, token: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Buffer.from(m[1]!, 'base64url').toString('utf8');
  const want = Buffer.from(sign(secret, userId));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

/** A calendar feed's secret: 32 random bytes, the whole capability (ADR 022). */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/**
 * What the database keeps of a feed token (ADR 032): its SHA-256 in hex, as migration 0010 computes
 * it for the tokens made before. 32 random bytes need no salt or slow hash: nobody can guess them.
 */
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
