import { createHash } from 'node:crypto';

// better-auth keeps its verification identifiers hashed (auth.ts: `verification.storeIdentifier:
// 'hashed'`), so the database never holds a live reset token (`reset-password:<token>`) that a
// copy of it could use (docs/decisions/051-health-data-need-to-know.md). Our own reads of the table
// (the staff password rule, an account's deletion) look rows up by the same hash: base64url of the
// SHA-256, without padding, as better-auth's defaultKeyHasher computes it (and migration
// 0019_health_need_to_know for the rows written before).

export const storedIdentifier = (identifier: string) => createHash('sha256').update(identifier, 'utf8').digest('base64url');

/** The stored identifier of a password reset token. */
export const resetTokenIdentifier = (token: string) => storedIdentifier(`reset-password:${token}`);
