import { Hono } from 'hono';
import { z } from 'zod';
import { BONO_MSG } from '../../../domain/bonos';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { isValidTime } from '../../../domain/salon-time';
import type { AppEnv, Deps } from '../../http/env';
import { STAFF_ROLES } from '../../../domain/roles';
import { requireRole, requireUser } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { IdParam, idSchema, lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { bonoAnswer, bookedAppointmentJson } from './booking-write';
import { book } from './client-booking';
import { unavailableDays } from './closed-days';
import { reschedule, rescheduleSlots } from './reschedule';
import { bookForClientRecord } from './staff-booking';
import { squeezeForClientRecord } from './squeeze';
import { ANY_PROFESSIONAL, bookAnyone, bookingMonth } from './month';
import { daySlots, MonthQuery, SlotsQuery } from './read-queries';

const CalendarQuery = z.strictObject({
  professionalId: lookupId,
  from: z.string().refine(isSalonDay),
  to: z.string().refine(isSalonDay),
});

// A missing step answers the spec's "Faltan datos..." (SPEC §5), not a generic error.
const step = z.string({ error: MSG.bookingMissingData }).trim().min(1, MSG.bookingMissingData).max(100, MSG.invalidInput);
// The original's create call also carries the client, names, price, duration, times and status
// (SPEC §7). They are accepted so such a caller is not refused, and IGNORED: the session gives the
// client, the database gives the rest. Anything else is an unknown field and refused.
const ignored = z.unknown().optional();

const BookingBody = z.strictObject({
  serviceId: step,
  professionalId: step,
  date: step.refine(isSalonDay, MSG.invalidInput),
  time: step.refine(isValidTime, MSG.invalidInput),
  // PostgreSQL text cannot hold U+0000: refuse it here rather than fail the insert.
  notes: z.string().max(2000, MSG.invalidInput).refine((n) => !n.includes('\u0000'), MSG.invalidInput).optional(),
  clientId: ignored,
  clientName: ignored,
  clientEmail: ignored,
  employeeId: ignored,
  employeeName: ignored,
  serviceName: ignored,
  serviceDuration: ignored,
  duration: ignored,
  price: ignored,
  startTime: ignored,
  endTime: ignored,
  status: ignored,
});

// The staff book for a client record (ADR 019); anyone allowed moves an appointment (ADR 020).
const notes = z.string().max(2000, MSG.invalidInput).refine((n) => !n.includes('\u0000'), MSG.invalidInput).optional();
// The cabins or machines the staff chose (ADR 036); each must be one the service needs.
const resourceIds = z.array(idSchema(STAFF_MSG.resourceNotRequired), { error: STAFF_MSG.resourceNotRequired }).max(10, STAFF_MSG.resourceNotRequired).optional();
const StaffBookingBody = z.strictObject({
  clientId: z.string({ error: STAFF_MSG.clientRequired }).trim().min(1, STAFF_MSG.clientRequired).max(100, STAFF_MSG.clientNotFound),
  serviceId: step,
  professionalId: step,
  date: step.refine(isSalonDay, MSG.invalidInput),
  time: step.refine(isValidTime, MSG.invalidInput),
  notes,
  resourceIds,
  // ADR 037: the bono this visit uses; absent: the one that expires first; null: none.
  bonoId: z.union([idSchema(BONO_MSG.bonoNotUsable), z.null()]).optional(),
});
// ADR 058: a time the grid does not offer (with the staff's yes to "Fuera de horario") or a walk-in.
const SqueezeBody = z.strictObject({
  ...StaffBookingBody.shape,
  walkIn: z.boolean({ error: MSG.invalidInput }).optional(),
  confirmOutsideHours: z.boolean({ error: MSG.invalidInput }).optional(),
});
const RescheduleBody = z.strictObject({
  professionalId: step,
  date: step.refine(isSalonDay, MSG.invalidInput),
  time: step.refine(isValidTime, MSG.invalidInput),
  // The staff's choice; a client's own move takes the first free ones.
  resourceIds,
});
const RescheduleSlotsQuery = z.strictObject({
  professionalId: lookupId,
  date: z.string().refine(isSalonDay),
});

/** Live slots and booking. Any signed-in role may book for itself (SPEC §6). */
export const bookingRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime' | 'rateLimit'>) =>
  new Hono<AppEnv>()
    // Days a closure or a whole-day time off makes unavailable (ADR 023); the reason only for staff.
    .get('/closed-days', requireUser(), validate('query', CalendarQuery), async (c) =>
      c.json(await unavailableDays(deps, c.get('user'), c.req.valid('query'))),
    )
    .get('/slots', requireUser(), validate('query', SlotsQuery), async (c) => {
      return c.json(await daySlots(deps, c.req.valid('query')));
    })
    // The calendar's month: each day free, full or closed (and why), and the first free time (ADR 061).
    .get('/month', requireUser(), validate('query', MonthQuery), async (c) => c.json(await bookingMonth(deps, c.req.valid('query'))))
    .post('/', requireUser(), validate('json', BookingBody), async (c) => {
      const { serviceId, professionalId, date, time, notes } = c.req.valid('json');
      // "Cualquier profesional" (ADR 062): the server picks who, by the stated rule.
      const request = { serviceId, professionalId, date, time, notes };
      const row = professionalId === ANY_PROFESSIONAL ? await bookAnyone(deps, c.get('user'), request) : await book(deps, c.get('user'), request);
      return c.json({ appointment: bookedAppointmentJson(row), ...bonoAnswer(row, 'client') }, 201);
    })
    // The staff book for a salon client record (admin: any agenda; employee: their own).
    .post('/staff', requireRole(...STAFF_ROLES), validate('json', StaffBookingBody), async (c) => {
      const row = await bookForClientRecord(deps, c.get('user'), c.req.valid('json'));
      return c.json({ appointment: bookedAppointmentJson(row), ...bonoAnswer(row, 'staff') }, 201);
    })
    // The desk fits someone in: staff only, so a client's own booking can never take this path.
    .post('/squeeze', requireRole(...STAFF_ROLES), validate('json', SqueezeBody), async (c) => {
      const row = await squeezeForClientRecord(deps, c.get('user'), c.req.valid('json'));
      return c.json({ appointment: bookedAppointmentJson(row), ...bonoAnswer(row, 'staff') }, 201);
    })
    // Moving an appointment: its client (under the cancelling policy), its professional, the admin.
    .get('/reschedule/:id/slots', requireUser(), validate('param', IdParam), validate('query', RescheduleSlotsQuery), async (c) =>
      c.json(await rescheduleSlots(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
    )
    .post('/reschedule/:id', requireUser(), validate('param', IdParam), validate('json', RescheduleBody), async (c) =>
      c.json({ appointment: await reschedule(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')) }),
    );
