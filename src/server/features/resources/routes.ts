import { Hono } from 'hono';
import { z } from 'zod';
import { RESOURCE_KINDS, RESOURCE_NAME_MAX } from '../../../domain/resources';
import { isValidTime } from '../../../domain/salon-time';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { IdParam } from '../../http/params';
import { isSalonDay } from '../../http/salon-day';
import { validate } from '../../http/validate';
import { addMaintenance, createResource, deleteMaintenance, editResource, overview, setResourceActive } from './service';

const ResourceBody = z.strictObject({
  name: z.string({ error: STAFF_MSG.resourceNameRequired }).max(RESOURCE_NAME_MAX * 2, STAFF_MSG.resourceNameRequired),
  kind: z.enum(RESOURCE_KINDS, STAFF_MSG.resourceKindInvalid),
  position: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(0, MSG.invalidInput).max(10_000, MSG.invalidInput).optional(),
});
const StatusBody = z.strictObject({ isActive: z.boolean({ error: MSG.invalidInput }) });
const day = z.string({ error: STAFF_MSG.exceptionDatesInvalid }).refine(isSalonDay, STAFF_MSG.exceptionDatesInvalid);
const time = z.string().refine(isValidTime, STAFF_MSG.exceptionTimesInvalid).nullable().optional();
const MaintenanceBody = z.strictObject({
  startDate: day,
  endDate: day,
  startTime: time,
  endTime: time,
  reason: z.string().max(200, MSG.invalidInput).default(''),
});

/**
 * /api/admin/resources — cabins and machines (ADR 036), admin only, every route says so itself:
 *   GET    /                     every resource in its stable order, maintenance from today on, conflicts
 *   POST   /                     {name, kind, position?}: a new resource, active
 *   PUT    /:id                  {name, kind, position?}
 *   PATCH  /:id/status           {isActive}: answers the appointments left holding an inactive one
 *   POST   /:id/maintenance      {startDate, endDate, startTime?, endTime?, reason}: answers its conflicts
 *   DELETE /maintenance/:id
 */
export const adminResourcesRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime'>) =>
  new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await overview(deps)))
    .post('/', requireRole('admin'), validate('json', ResourceBody), async (c) =>
      c.json(await createResource(deps, c.req.valid('json')), 201),
    )
    .put('/:id', requireRole('admin'), validate('param', IdParam), validate('json', ResourceBody), async (c) =>
      c.json(await editResource(deps, c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id/status', requireRole('admin'), validate('param', IdParam), validate('json', StatusBody), async (c) =>
      c.json(await setResourceActive(deps, c.req.valid('param').id, c.req.valid('json').isActive)),
    )
    .post('/:id/maintenance', requireRole('admin'), validate('param', IdParam), validate('json', MaintenanceBody), async (c) =>
      c.json(await addMaintenance(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .delete('/maintenance/:id', requireRole('admin'), validate('param', IdParam), async (c) =>
      c.json(await deleteMaintenance(deps, c.req.valid('param').id)),
    );
