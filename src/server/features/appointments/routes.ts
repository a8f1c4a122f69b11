import { Hono } from 'hono';
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../../../domain/appointment-status';
import type { AppEnv, Deps } from '../../http/env';
import { DESK_ROLES } from '../../../domain/roles';
import { requireRole } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { IdParam, lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { changeStatus, listAppointments, listFilterEmployees } from './service';

/** Page size: 50 by default, never more than 100 in one answer, however wide the date range. */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

const isoDate = z.string().refine(isSalonDay);

const ListQuery = z
  .strictObject({
    from: isoDate,
    to: isoDate,
    employeeId: lookupId.optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  })
  // ISO dates compare as strings.
  .refine((q) => q.from <= q.to);

/** `wholeVisit`: with cancelled_by_salon only, every part of the appointment's visit (ADR 098). */
const StatusBody = z
  .strictObject({ status: z.enum(APPOINTMENT_STATUSES), wholeVisit: z.literal(true).optional() })
  .refine((b) => !b.wholeVisit || b.status === 'cancelled_by_salon');

/** Appointment management of the back office (SPEC §2, §4, §7): admins only; a status change the desk too (the day view, ADR 063). */
export const adminAppointmentsRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime'>) =>
  new Hono<AppEnv>()
    .get('/', requireRole('admin'), validate('query', ListQuery), async (c) => c.json(await listAppointments(deps, c.req.valid('query'))))
    .get('/employees', requireRole('admin'), async (c) => c.json({ employees: await listFilterEmployees(deps) }))
    .patch('/:id/status', requireRole(...DESK_ROLES), validate('param', IdParam), validate('json', StatusBody), async (c) => {
      const body = c.req.valid('json');
      const appointment = await changeStatus(deps, c.req.valid('param').id, body.status, body.wholeVisit);
      return c.json({ appointment });
    });
