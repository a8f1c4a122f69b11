import { Hono } from 'hono';
import { z } from 'zod';
import { SALON_EXCEPTION_KINDS } from '../../../domain/availability';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { isValidTime } from '../../../domain/salon-time';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { IdParam, lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { addNationalHolidays, addSalonException, addTimeOff, adminOverview, deleteSalonException, deleteTimeOff, myTimeOff } from './service';

const day = z.string({ error: STAFF_MSG.exceptionDatesInvalid }).refine(isSalonDay, STAFF_MSG.exceptionDatesInvalid);
const time = z.string().refine(isValidTime, STAFF_MSG.exceptionTimesInvalid).nullable().optional();
const reason = z.string().max(200, MSG.invalidInput).default('');

const SalonExceptionBody = z.strictObject({
  kind: z.enum(SALON_EXCEPTION_KINDS, MSG.invalidInput),
  startDate: day,
  endDate: day,
  startTime: time,
  endTime: time,
  reason,
});
const TimeOffFields = { startDate: day, endDate: day, startTime: time, endTime: time, reason };
const AdminTimeOffBody = z.strictObject({ employeeId: lookupId, ...TimeOffFields });
const OwnTimeOffBody = z.strictObject(TimeOffFields);
const HolidaysBody = z.strictObject({ year: z.number({ error: STAFF_MSG.holidaysYearInvalid }).int(STAFF_MSG.holidaysYearInvalid) });

/**
 * /api/admin/availability — closures, special hours and time off of everyone (admin only):
 *   GET    /                          what is set from today on, and the appointments in conflict
 *   POST   /closures                  a closure (whole days) or special hours; answers its conflicts
 *   POST   /national-holidays {year}  Spain's national holidays of that year as closures
 *   DELETE /closures/:id
 *   POST   /time-off {employeeId,...} a professional's time off; answers its conflicts
 *   DELETE /time-off/:id
 */
export const adminAvailabilityRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime'>) =>
  new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await adminOverview(deps)))
    .post('/closures', requireRole('admin'), validate('json', SalonExceptionBody), async (c) => c.json(await addSalonException(deps, c.req.valid('json')), 201))
    .post('/national-holidays', requireRole('admin'), validate('json', HolidaysBody), async (c) => c.json(await addNationalHolidays(deps, c.req.valid('json').year)))
    .delete('/closures/:id', requireRole('admin'), validate('param', IdParam), async (c) => c.json(await deleteSalonException(deps, c.req.valid('param').id)))
    .post('/time-off', requireRole('admin'), validate('json', AdminTimeOffBody), async (c) => {
      const { employeeId, ...body } = c.req.valid('json');
      return c.json(await addTimeOff(deps, c.get('user'), employeeId, body), 201);
    })
    .delete('/time-off/:id', requireRole('admin'), validate('param', IdParam), async (c) =>
      c.json(await deleteTimeOff(deps, c.get('user'), c.req.valid('param').id)),
    );

/**
 * /api/my-time-off — an employee's own time off (docs/decisions/024: no approval, free time only):
 *   GET / · POST / · DELETE /:id (their own only; someone else's is 404).
 */
export const myTimeOffRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime'>) =>
  new Hono<AppEnv>()
    .get('/', requireRole('employee'), async (c) => c.json(await myTimeOff(deps, c.get('user'))))
    .post('/', requireRole('employee'), validate('json', OwnTimeOffBody), async (c) => c.json(await addTimeOff(deps, c.get('user'), null, c.req.valid('json')), 201))
    .delete('/:id', requireRole('employee'), validate('param', IdParam), async (c) =>
      c.json(await deleteTimeOff(deps, c.get('user'), c.req.valid('param').id)),
    );
