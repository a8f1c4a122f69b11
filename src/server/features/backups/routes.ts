import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { backupStatus } from './service';

/** The backups' state for the admin's Configuración and dashboard (ADR 048): admins only. */
export const adminBackupsRoutes = (deps: Pick<Deps, 'db' | 'now' | 'config'>) =>
  new Hono<AppEnv>().get('/', requireRole('admin'), async (c) => c.json(await backupStatus(deps)));
