import { Hono } from 'hono';
import { z } from 'zod';
import { EMPLOYEE_MARKS } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { AGENDA_ROLES } from '../../../domain/roles';
import { requireRole } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { validate } from '../../http/validate';
import { agendaFor, closedLabelFor, markAppointment } from './service';

const DayQuery = z.strictObject({
  date: z.string().refine(isSalonDay, MSG.invalidInput),
});

const MarkBody = z.strictObject({
  status: z.enum(EMPLOYEE_MARKS, STAFF_MSG.invalidTransition),
});

/**
 * The employee portal's agenda (SPEC §2, §4, §6). Admins may open the portal too: they read
 * their own agenda and may mark any appointment. The desk has no agenda of its own (ADR 063): a
 * receptionist marks from the day view (/api/admin/appointments/:id/status).
 *   GET   /agenda?date=YYYY-MM-DD              the signed-in user's appointments that salon day
 *   PATCH /agenda/appointments/:id  {status}   confirmed -> completed | no_show, once started
 * The answer carries the server's clock so the page decides "has it started?" with the same
 * clock the server will judge by.
 */
export const agendaRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime'>) =>
  new Hono<AppEnv>()
    .get('/', requireRole(...AGENDA_ROLES), validate('query', DayQuery), async (c) => {
      const { date } = c.req.valid('query');
      const user = c.get('user');
      const [appointments, closed] = await Promise.all([agendaFor(deps, user, date), closedLabelFor(deps, user, date)]);
      return c.json({ date, now: deps.now().toISOString(), appointments, closed });
    })
    .patch('/appointments/:id', requireRole(...AGENDA_ROLES), validate('json', MarkBody), async (c) => {
      const { status } = c.req.valid('json');
      const appointment = await markAppointment(deps, c.get('user'), c.req.param('id'), status);
      return c.json({ appointment });
    });
