import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/env';
import { requireUser } from '../../http/guards';
import { cancelMine, listMine } from './appointments-service';

/** The signed-in user's own appointments, whatever the role (SPEC §6). */
export const myAppointmentsRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime' | 'messageSecret'>) =>
  new Hono<AppEnv>()
    .get('/', requireUser(), async (c) => {
      const user = c.get('user');
      return c.json(await listMine(deps, user.id));
    })
    .post('/:id/cancel', requireUser(), async (c) => {
      const user = c.get('user');
      return c.json({ appointment: await cancelMine(deps, user.id, c.req.param('id')) });
    });
