import { BOOKING_RATE_RULE, capOf, capReached, horizonOf, isWithinHorizon, selfBookingProblem } from '../../../domain/booking-limits';
import { validateBookingInput } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { accountName } from '../../auth/account-name';
import { bookingKey } from '../../auth/rate-limit-keys';
import { createRateLimitStore, type RateRule } from '../../auth/rate-limit-store';
import { ApiError, badRequest } from '../../http/errors';
import type { SessionUser } from '../../http/env';
import { announce, appointmentValues, employeeAccountChanged, insertedRow, refusal, writeAppointment, writeRepickingResources } from './booking-write';
import { bookAtomically, type SelfBookArgs } from './insert-queries';
import { checkedSlot, offeredSlots, resolve, slotsJson, type Ctx } from './slot-engine';

// A client books for herself (SPEC §5; any signed-in role may, SPEC §6): the slot list, and the booking.

export async function availableSlots(ctx: Ctx, q: { serviceId: string; professionalId: string; date: string }) {
  const { service, employee, interval, busy, exceptions, limits, buffers, resources } = await resolve(ctx.db, q, true);
  // Beyond the salon's horizon (ADR 025) a client's grid is empty, as the booking would be refused.
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  if (!isWithinHorizon(q.date, today, horizonOf(limits.horizonDays))) return { date: q.date, slots: [] };
  // A professional without an account cannot hold appointments (they are keyed by user id): no
  // times, as the booking page says before anyone picks one (ADR 084).
  if (!employee.userId) return { date: q.date, slots: [] };
  const slots = offeredSlots(ctx, {
    date: q.date,
    duration: service.duration,
    availability: employee.availability,
    interval,
    exceptions,
    busy,
    buffers,
    resources,
  });
  return slotsJson(q.date, slots);
}

export type BookingRequest = { serviceId: string; professionalId: string; date: string; time: string; notes?: string };

/**
 * SPEC §5 Booking. The client is the session's user; names, price and duration come from the
 * database. The time must be one the schedule offers that day; whether someone else holds it is
 * left to the exclusion constraint (booking-write.ts).
 */
export async function book(ctx: Ctx, user: SessionUser, req: BookingRequest) {
  const now = ctx.now();
  // Her attempt (ADR 025's limit, on the store's own clock) is counted by the booking statement
  // itself, in its transaction: one commit a booking, the context read read-only (ADR 106). A
  // request refused before that statement, or whose statement failed (a lost race), is counted on
  // its own on the way out, so every attempt still counts once; answers keep their order (service
  // and professional, the time, the horizon, the cap, then 429).
  const rate = { key: bookingKey(user.id), rule: BOOKING_RATE_RULE, now: Date.now() };
  let counted = false;
  try {
    return await bookCounted(ctx, user, req, now, rate, () => (counted = true));
  } catch (err) {
    if (!counted) await countAttempt(ctx, rate);
    throw err;
  }
}

/** Her attempt counted alone, when the booking statement did not count it (refused before it, or failed). */
async function countAttempt(ctx: Ctx, rate: { key: string; rule: RateRule }) {
  try {
    await createRateLimitStore(ctx.db).consume(rate.key, rate.rule);
  } catch {
    // The request's own answer matters more than this count: a database that failed it failed this too.
  }
}

async function bookCounted(ctx: Ctx, user: SessionUser, req: BookingRequest, now: Date, rate: SelfBookArgs['rate'], onCounted: () => void) {
  const resolved = await resolve(ctx.db, req, false, { id: user.id, now });
  const { service, employee, limits, buffers, resources } = resolved;
  const problem = validateBookingInput({
    clientId: user.id,
    employeeId: req.professionalId,
    serviceId: req.serviceId,
    date: req.date,
    time: req.time,
    durationMinutes: service.duration,
  });
  if (problem) throw badRequest(problem);
  if (!employee.userId) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');

  // The resources are picked here (the first free of each group, ADR 036) and stored by the
  // booking statement; a race for them is the exclusion constraint's, like the professional's.
  // Read again after a lost race for a cabin (below): what the resources hold is the fresh read's.
  const slotOf = (r: typeof resolved) =>
    checkedSlot(ctx, { date: req.date, duration: service.duration, availability: employee.availability, interval: r.interval, busy: [], exceptions: r.exceptions, buffers, resources: r.resources }, req.time);
  const slot = slotOf(resolved);
  // Booking abuse (ADR 025): the client's own booking is within the salon's horizon and cap, and
  // attempts per account are limited in the store every instance shares. A staff booking for a
  // client (front desk, staff-booking.ts) does not come through here and is exempt.
  const limited = selfBookingProblem({ date: req.date, today: salonDateOf(now, SALON_TIME_ZONE), ...limits });
  if (limited) throw refusal(limited);

  const employeeUserId = employee.userId;
  const cap = capOf(limits.maxFutureAppointments);
  // One statement: the professional's row re-read FOR SHARE (ADR 004: an unlink in progress
  // cannot leave the appointment on the old account), her attempt counted, and the insert.
  const write = (picked: typeof slot) =>
    writeAppointment(() =>
      bookAtomically(ctx.db, {
        now,
        // The statement counts her future appointments again under a lock on her (ADR 031): the
        // check above read them before, and simultaneous bookings of one client would all pass it.
        maxFutureAppointments: cap,
        rate,
        employeeRecordId: employee.id,
        expectedUserId: employeeUserId,
        values: {
          clientId: user.id,
          clientName: accountName(user),
          clientEmail: user.email,
          ...appointmentValues(service, employee, picked, req.notes, buffers),
        },
      }),
    );
  // The cabins and machines were read a moment ago; a lost race for one is read again (booking-write.ts).
  const result = await writeRepickingResources(slot, write, async () => slotOf(await resolve(ctx.db, req, false, { id: user.id, now })));
  onCounted();
  if (!result.rate.allowed) throw new ApiError(429, 'too_many_bookings', STAFF_MSG.bookingTooFast);
  const row = insertedRow(result, employeeUserId, () => (result.clientFuture >= cap ? refusal(capReached(result.clientFuture, cap)) : employeeAccountChanged()));
  announce(ctx, employeeUserId, [req.date], resources.length > 0);
  return row;
}
