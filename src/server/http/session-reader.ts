import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { runPrepared } from '../db/prepared';

export type FastSession = {
  sessionId: string;
  /** sign-in time and last recorded activity (ADR 025: absolute lifetime, staff idle timeout) */
  createdAt: Date;
  lastActiveAt: Date;
  user: { id: string; email: string; name: string; image: string | null; role: string };
  /** An active employee record links the account (ADR 032: staff routes need one, admin exempt). */
  activeEmployee: boolean;
  /** The visit the session is locked to while the tablet is a signing kiosk (ADR 068), else null. */
  kioskAppointmentId: string | null;
  /** A first-sign-in password or an invitation not yet replaced by her own (ADR 084). */
  passwordChangeRequired: boolean;
};

/**
 * `null`: no session (no cookie, a cookie whose signature does not verify, an unknown token).
 * `'ask-better-auth'`: a case better-auth handles with a write (an expired session it deletes,
 * a session due for its daily refresh, "don't remember me"), so the caller asks it instead.
 */
export type FastRead = FastSession | null | 'ask-better-auth';

type Ctx = { cookieName: string; dontRememberName: string; secret: string; expiresInMs: number; updateAgeMs: number };

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * The signed session cookie read the way better-auth (better-call) writes it: `token.signature`,
 * URL-encoded, the signature base64 HMAC-SHA-256 of the token with the auth secret. Synchronous
 * node:crypto instead of WebCrypto, a constant-time comparison.
 */
function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Reads the signed-in user for every /api request in ONE query (session joined to its user),
 * instead of better-auth's getSession, which verifies the cookie with WebCrypto, reads the
 * session, then the user, in two round trips and a good deal of per-call machinery: that was a
 * third of the cost of a slot-list request (docs/benchmarks.md). Whenever better-auth would
 * write (delete an expired session, extend one due for refresh) the caller lets it decide, so
 * what a user sees is unchanged; src/server/http/session-reader.int.test.ts holds the two to the same answers.
 */
export function createSessionReader(deps: { auth: Auth; db: Db }) {
  let ctx: Promise<Ctx> | undefined;
  const context = () =>
    (ctx ??= deps.auth.$context.then((c) => ({
      cookieName: c.authCookies.sessionToken.name,
      dontRememberName: c.authCookies.dontRememberToken.name,
      secret: c.secret,
      expiresInMs: c.sessionConfig.expiresIn * 1000,
      updateAgeMs: c.sessionConfig.updateAge * 1000,
    })));

  return async function read(cookieHeader: string | undefined, now = Date.now()): Promise<FastRead> {
    if (!cookieHeader) return null;
    const c = await context();
    const raw = cookieValue(cookieHeader, c.cookieName);
    if (!raw) return null;
    if (cookieValue(cookieHeader, c.dontRememberName) !== undefined) return 'ask-better-auth';
    const token = verifiedToken(raw, c.secret);
    if (!token) return null;
    const rows = await runPrepared<{
      session_id: string;
      expires_at: Date | string;
      created_at: Date | string;
      updated_at: Date | string;
      id: string;
      email: string;
      name: string;
      image: string | null;
      role: string;
      active_employee: boolean;
      kiosk_appointment_id: string | null;
      password_change_required: boolean;
    }>(deps.db, 'auna_session_read', sql`SELECT s.id AS session_id, s.expires_at, s.created_at, s.updated_at, u.id, u.email, u.name, u.image, u.role, u.password_change_required,
             EXISTS (SELECT 1 FROM employees e WHERE e.user_id = u.id AND e.is_active) AS active_employee,
             (SELECT k.appointment_id FROM reception_kiosks k WHERE k.session_id = s.id) AS kiosk_appointment_id
           FROM "session" s JOIN "user" u ON u.id = s.user_id WHERE s.token = ${token}`);
    const row = rows[0];
    if (!row) return null;
    const expiresAt = new Date(row.expires_at).getTime();
    if (expiresAt < now) return 'ask-better-auth';
    // Sessions are never extended (ADR 025, session.disableSessionRefresh: an absolute
    // lifetime of 30 days), so there is no refresh to leave to better-auth.
    return {
      sessionId: row.session_id,
      createdAt: new Date(row.created_at),
      lastActiveAt: new Date(row.updated_at),
      user: { id: row.id, email: row.email, name: row.name, image: row.image, role: row.role },
      activeEmployee: row.active_employee,
      kioskAppointmentId: row.kiosk_appointment_id,
      passwordChangeRequired: row.password_change_required,
    };
  };
}
