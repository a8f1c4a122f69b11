import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { STAFF_ROLES } from '../../../domain/roles';
import { isValidTime } from '../../../domain/salon-time';
import { VISIT_MODES, VISIT_PARTS_MAX } from '../../../domain/visit-fit';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole, requireUser } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { badRequest } from '../../http/errors';
import { validate } from '../../http/validate';
import { bonoAnswer, bookedAppointmentJson } from './booking-write';
import { bookVisit, visitSlotList } from './visit-booking';
import { bookVisitForClientRecord } from './staff-visit-booking';

// A visit of several services (ADRs 081-083): its times and its booking. Any signed-in role may
// book for itself (SPEC §6), as the single booking.

const step = z.string({ error: MSG.bookingMissingData }).trim().min(1, MSG.bookingMissingData).max(100, MSG.invalidInput);
const mode = z.enum(VISIT_MODES, { error: MSG.invalidInput });
// How many parts a visit may have is the domain's answer (visitModeProblem, in Spanish); the
// schema only bounds what it reads.
const parts = z.array(z.strictObject({ serviceId: step, professionalId: step }), { error: MSG.bookingMissingData }).max(VISIT_PARTS_MAX * 3, MSG.invalidInput);

/** `services` and `professionals`: the parts in order, comma-separated ids (a GET carries no body). */
const ids = z.string().max(400).transform((s) => s.split(',').map((id) => id.trim()));
export const VisitSlotsQuery = z.strictObject({ services: ids, professionals: ids, mode, date: z.string().refine(isSalonDay) });

/** The visit slots' question from its query: the parts paired in order, each id checked as the booking's body checks it. */
export function visitQueryOf(q: z.infer<typeof VisitSlotsQuery>) {
  const list = q.services.map((serviceId, i) => ({ serviceId, professionalId: q.professionals[i] ?? '' }));
  const checked = parts.safeParse(list);
  if (!checked.success || q.professionals.length !== q.services.length) throw badRequest(checked.error?.issues[0]?.message ?? MSG.invalidInput);
  return { parts: list, mode: q.mode, date: q.date };
}

const VisitBody = z.strictObject({
  parts,
  mode,
  date: step.refine(isSalonDay, MSG.invalidInput),
  time: step.refine(isValidTime, MSG.invalidInput),
  // PostgreSQL text cannot hold U+0000: refuse it here rather than fail the insert.
  notes: z.string().max(2000, MSG.invalidInput).refine((n) => !n.includes('\u0000'), MSG.invalidInput).optional(),
});

// ADR 104: the staff book a visit for a salon client record (the staff booking's clientId field).
const StaffVisitBody = z.strictObject({
  ...VisitBody.shape,
  clientId: z.string({ error: STAFF_MSG.clientRequired }).trim().min(1, STAFF_MSG.clientRequired).max(100, STAFF_MSG.clientNotFound),
});

export const visitRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime' | 'rateLimit'>) =>
  new Hono<AppEnv>()
    .get('/slots', requireUser(), validate('query', VisitSlotsQuery), async (c) => c.json(await visitSlotList(deps, visitQueryOf(c.req.valid('query')))))
    .post('/', requireUser(), validate('json', VisitBody), async (c) => {
      const { visitId, rows } = await bookVisit(deps, c.get('user'), c.req.valid('json'));
      return c.json({ visit: { id: visitId, parts: rows.map((r) => ({ appointment: bookedAppointmentJson(r), ...bonoAnswer(r, 'client') })) } }, 201);
    })
    // ADR 104: the desk (and a professional, as her single staff booking allows) books a visit for a client record.
    .post('/staff', requireRole(...STAFF_ROLES), validate('json', StaffVisitBody), async (c) => {
      const { visitId, rows } = await bookVisitForClientRecord(deps, c.get('user'), c.req.valid('json'));
      return c.json({ visit: { id: visitId, parts: rows.map((r) => ({ appointment: bookedAppointmentJson(r), ...bonoAnswer(r, 'staff') })) } }, 201);
    });
