import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { effectiveRole, sessionEnded, shouldTouchSession } from '../../domain/session-policy';
import type { Db } from '../db/client';
import { employees, receptionKiosks, session as sessionTable, user as userTable } from '../db/schema';
import { isEmployeeAccountRole, type Role } from '../../domain/roles';
import type { AppEnv, Deps, SessionUser } from './env';
import { ApiError, forbidden, unauthorized } from './errors';
import { KIOSK_MSG, kioskAllows } from '../../domain/reception-kiosk';
import { ACCESS_MSG } from '../../domain/texts/staff-access';
import { sessionNow } from './session-clock';
import { createSessionReader } from './session-reader';

/** For the better-auth path, which reads no employee record: only an employee's or a receptionist's account asks. */
async function hasActiveEmployeeRecord(db: Db, userId: string, role: unknown): Promise<boolean> {
  if (!isEmployeeAccountRole(role)) return false;
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.isActive, true)))
    .limit(1);
  return !!row;
}

/**
 * A session that cannot be READ (the database is down) is not "no session": answering 401 sent
 * signed-in people to the login page while PostgreSQL restarted (found under kill -9 by
 * test/reliability/crash.rel.test.ts). better-auth refusing the cookie (a 4xx) is no session;
 * anything else goes to the error handler (500), and the page keeps its user.
 */
function noSessionOnlyIfRefused(err: unknown): null {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status < 500) return null;
  throw err;
}

/** `activeEmployee` comes with the one-query read; undefined on better-auth's path (then asked apart). */
type LiveSession = {
  sessionId: string;
  user: { id: string; email: string; name: string; image?: string | null; role?: string | null };
  activeEmployee?: boolean;
  /** The visit a signing kiosk locks the session to (ADR 068); undefined on better-auth's path (then asked apart). */
  kioskAppointmentId?: string | null;
  /** Undefined on better-auth's path (then asked apart). */
  passwordChangeRequired?: boolean;
};

/** For the better-auth path: must this account choose its own password first (ADR 084)? */
async function passwordChangeOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ required: userTable.passwordChangeRequired }).from(userTable).where(eq(userTable.id, userId)).limit(1);
  return row?.required ?? false;
}

/** For the better-auth path, which knows nothing of the kiosk: is this session locked to a visit? */
export async function kioskOfSession(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ id: receptionKiosks.appointmentId }).from(receptionKiosks).where(eq(receptionKiosks.sessionId, sessionId)).limit(1);
  return row?.id ?? null;
}

/**
 * The request's session, or null when there is none or it has ended (ADR 025: 30 days
 * after sign-in for everyone, 12 hours idle for staff). An ended session is deleted, so no other
 * path accepts it: better-auth's own routes (features/accounts/auth-routes.ts) pass through here first too. One
 * joined query in the common case (session-reader.ts); better-auth's getSession when it would write.
 */
export async function readLiveSession(deps: Pick<Deps, 'auth' | 'db'>, readFast: ReturnType<typeof createSessionReader>, headers: Headers): Promise<LiveSession | null> {
  const fast = await readFast(headers.get('cookie') ?? undefined).catch(() => 'ask-better-auth' as const);
  const result =
    fast === 'ask-better-auth'
      ? await deps.auth.api
          .getSession({ headers })
          .then((r) =>
            r
              ? {
                  sessionId: r.session.id,
                  createdAt: new Date(r.session.createdAt),
                  lastActiveAt: new Date(r.session.updatedAt),
                  user: r.user as typeof r.user & { role?: string },
                  activeEmployee: undefined as boolean | undefined,
                }
              : null,
          )
          .catch(noSessionOnlyIfRefused)
      : fast;
  if (!result) return null;
  const facts = { role: String(result.user.role ?? 'client'), createdAt: result.createdAt, lastActiveAt: result.lastActiveAt, now: sessionNow() };
  if (sessionEnded(facts)) {
    await deps.db.delete(sessionTable).where(eq(sessionTable.id, result.sessionId));
    return null;
  }
  if (shouldTouchSession(facts)) await deps.db.update(sessionTable).set({ updatedAt: facts.now }).where(eq(sessionTable.id, result.sessionId));
  return result;
}

/** Reads the session once per request; routes decide what they need from it. */
export function loadSession(deps: Pick<Deps, 'auth' | 'db'>) {
  const readFast = createSessionReader(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await readLiveSession(deps, readFast, c.req.raw.headers);
    if (result) {
      const u = result.user;
      // The ONE place staff access is decided (ADR 032): an employee whose record is inactive, or
      // gone, acts as a client on every route; sessions are still ended on deactivation.
      const role: Role = effectiveRole(String(u.role ?? 'client'), result.activeEmployee ?? (await hasActiveEmployeeRecord(deps.db, u.id, u.role)));
      c.set('user', { id: u.id, email: u.email, name: u.name, image: u.image ?? null, role });
      c.set('sessionId', result.sessionId);
      c.set('kiosk', result.kioskAppointmentId !== undefined ? result.kioskAppointmentId : await kioskOfSession(deps.db, result.sessionId));
      c.set('passwordChange', result.passwordChangeRequired ?? (await passwordChangeOf(deps.db, u.id)));
    } else {
      c.set('user', null);
      c.set('sessionId', null);
      c.set('kiosk', null);
      c.set('passwordChange', false);
    }
    await next();
  });
}

/**
 * 401 without a session, 403 when the role is not in the list. Every /api route states its own.
 * Its type says the user is set, so a handler after it reads `c.get('user')` as a `SessionUser`
 * (no cast, no null check).
 */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
    await next();
  });
}

export const requireUser = () => requireRole();

/**
 * While the session is a signing kiosk (ADR 068) every /api route outside `kioskAllows` answers
 * 403: the client holding the tablet reaches nothing of the staff member's, whatever she types.
 */
export function kioskFence() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const kiosk = c.get('kiosk');
    if (kiosk && !kioskAllows(c.req.method, c.req.path, kiosk)) throw new ApiError(403, 'kiosk', KIOSK_MSG.locked);
    await next();
  });
}

/** What an account that must change its password may still read: who it is (the web app's guard asks). */
const PASSWORD_CHANGE_ALLOWS = new Set(['/api/me']);

/**
 * ADR 084: a professional given a first-sign-in password (or an invitation) reaches nothing until
 * she chooses her own: every /api route but `/api/me` answers 403 with the reason, whatever the web
 * app shows. better-auth's change-password and sign-out (under /api/auth) are mounted before this.
 */
export function passwordChangeFence() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('passwordChange') && !PASSWORD_CHANGE_ALLOWS.has(c.req.path.replace(/\/+$/, ''))) {
      throw new ApiError(403, 'password_change_required', ACCESS_MSG.passwordChangeRequired);
    }
    await next();
  });
}
