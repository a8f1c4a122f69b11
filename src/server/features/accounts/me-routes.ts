import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireUser } from '../../http/guards';

/** The current user in the spec's shape (SPEC §3 Current user): uid, displayName, email, role. */
export const meRoutes = () =>
  new Hono<AppEnv>().get('/', requireUser(), (c) => {
    const u = c.get('user');
    return c.json({ uid: u.id, displayName: u.name, email: u.email, photoURL: u.image, role: u.role, mustChangePassword: c.get('passwordChange') });
  });
