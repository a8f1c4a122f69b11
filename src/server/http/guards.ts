import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps, Role, SessionUser } from './env';
import { forbidden, unauthorized } from './errors';

const ROLES: readonly Role[] = ['client', 'employee', 'admin'];

/** Reads the better-auth session once per request; routes decide what they need from it. */
export function loadSession(deps: Pick<Deps, 'auth'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (result) {
      const u = result.user as typeof result.user & { role?: string };
      const role = ROLES.includes(u.role as Role) ? (u.role as Role) : 'client';
      c.set('user', { id: u.id, email: u.email, name: u.name, image: u.image ?? null, role });
      c.set('sessionId', result.session.id);
    } else {
      c.set('user', null);
      c.set('sessionId', null);
    }
    await next();
  });
}

/** 401 without a session, 403 when the role is not in the list. Every /api route states its own. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
    await next();
  });
}

export const requireUser = () => requireRole();
