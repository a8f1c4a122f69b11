import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/env';
import { requireUser } from '../../http/guards';
import { getService, listProfessionals, listServices } from './catalog-service';

/** The public catalog for signed-in users (SPEC §6: any role may browse and book). */
export const catalogRoutes = (deps: Pick<Deps, 'db'>) =>
  new Hono<AppEnv>()
    .get('/services', requireUser(), async (c) => c.json({ services: await listServices(deps.db) }))
    .get('/services/:serviceId', requireUser(), async (c) => c.json({ service: await getService(deps.db, c.req.param('serviceId')) }))
    .get('/services/:serviceId/professionals', requireUser(), async (c) =>
      c.json({ professionals: await listProfessionals(deps.db, c.req.param('serviceId')) }),
    );
