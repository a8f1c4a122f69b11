import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { dashboard } from './service';

/** The back office's dashboard (SPEC §2 "Admin dashboard"): admins only. */
export const adminDashboardRoutes = (deps: Pick<Deps, 'db' | 'now'>) =>
  new Hono<AppEnv>().get('/', requireRole('admin'), async (c) => c.json(await dashboard(deps)));
