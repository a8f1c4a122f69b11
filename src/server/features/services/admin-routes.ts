import { Hono } from 'hono';
import { z } from 'zod';
import { LIMITS, serviceFieldsError } from '../../../domain/back-office-rules';
import { GROUP_MEMBERS_MAX, GROUPS_MAX } from '../../../domain/resources';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { eurosField } from '../../http/money-schema';
import { idSchema, recordIdParam } from '../../http/params';
import { validate } from '../../http/validate';
import { adminServices } from './admin-service';

const IdParam = recordIdParam(MSG.serviceNotFound);

// Types here, rules in the domain (back-office-rules.ts), so the form and the server say the same.
const ServiceBody = z
  .strictObject({
    name: z.string({ error: MSG.serviceNameRequired }),
    description: z.string().max(LIMITS.descriptionMax).default(''),
    duration: z.number({ error: MSG.serviceDurationInvalid }),
    price: eurosField(MSG.servicePriceInvalid),
    category: z.string().max(LIMITS.categoryMax).default(''),
    // ADR 036: preparation and cleaning minutes, and the cabins or machines it needs (one free
    // resource of each group). Optional: a form that does not send them leaves them as they are.
    prepMinutes: z.number({ error: STAFF_MSG.serviceBuffersInvalid }).optional(),
    cleanupMinutes: z.number({ error: STAFF_MSG.serviceBuffersInvalid }).optional(),
    // ADR 082: "Se puede hacer a la vez que otro servicio". Optional like the buffers.
    parallelAllowed: z.boolean({ error: MSG.invalidInput }).optional(),
    resourceGroups: z
      .array(
        z.strictObject({
          resourceIds: z.array(idSchema(STAFF_MSG.resourceGroupInactive), { error: STAFF_MSG.resourceGroupEmpty }).max(GROUP_MEMBERS_MAX, STAFF_MSG.resourceGroupInvalid),
        }),
        { error: STAFF_MSG.resourceGroupInvalid },
      )
      .max(GROUPS_MAX, STAFF_MSG.resourceGroupsTooMany)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const error = serviceFieldsError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

const StatusBody = z.strictObject({ isActive: z.boolean() });

/** /api/admin/services — admin only, every route says so itself. */
export const adminServicesRoutes = (deps: Pick<Deps, 'db' | 'now'>) => {
  const services = adminServices(deps);
  return new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await services.list()))
    .post('/', requireRole('admin'), validate('json', ServiceBody), async (c) => c.json(await services.create(c.req.valid('json')), 201))
    .put('/:id', requireRole('admin'), validate('param', IdParam), validate('json', ServiceBody), async (c) =>
      c.json(await services.update(c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id/status', requireRole('admin'), validate('param', IdParam), validate('json', StatusBody), async (c) =>
      c.json(await services.setActive(c.req.valid('param').id, c.req.valid('json').isActive)),
    )
    .delete('/:id', requireRole('admin'), validate('param', IdParam), async (c) => {
      const { id } = c.req.valid('param');
      await services.remove(id);
      return c.json({ id });
    });
};
