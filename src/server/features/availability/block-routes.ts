import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { STAFF_ROLES } from '../../../domain/roles';
import { isValidTime } from '../../../domain/salon-time';
import { hasControlCharacters } from '../../../domain/plain-text';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { IdParam } from '../../http/params';
import { validate } from '../../http/validate';
import { addBlock, removeBlock } from './blocks';

const time = z.string({ error: STAFF_MSG.blockTimesInvalid }).refine(isValidTime, STAFF_MSG.blockTimesInvalid);
const target = z.string({ error: STAFF_MSG.blockTargetRequired }).max(100, STAFF_MSG.blockTargetRequired).optional();

const BlockBody = z.strictObject({
  employeeId: target,
  resourceId: target,
  date: z.string({ error: STAFF_MSG.exceptionDatesInvalid }).refine(isSalonDay, STAFF_MSG.exceptionDatesInvalid),
  startTime: time,
  endTime: time,
  // Single line, shown to every member of staff in the day view.
  reason: z
    .string({ error: MSG.invalidInput })
    .max(200, MSG.invalidInput)
    .refine((r) => !hasControlCharacters(r), STAFF_MSG.textControlCharacters)
    .default(''),
});

/**
 * /api/blocks — "Bloquear hueco" of the day view (ADR 058), the staff's:
 *   POST   /      {employeeId | resourceId, date, startTime, endTime, reason}: the block and the appointments it covers
 *   DELETE /:id   a block (not a time off or a maintenance)
 */
export const blockRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime'>) =>
  new Hono<AppEnv>()
    .post('/', requireRole(...STAFF_ROLES), validate('json', BlockBody), async (c) =>
      c.json(await addBlock(deps, c.get('user'), c.req.valid('json')), 201),
    )
    .delete('/:id', requireRole(...STAFF_ROLES), validate('param', IdParam), async (c) =>
      c.json(await removeBlock(deps, c.get('user'), c.req.valid('param').id)),
    );
