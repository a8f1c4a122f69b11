import { randomUUID } from 'node:crypto';
import { BOOKING_RATE_RULE, capOf, capReached, horizonOf, isWithinHorizon, selfBookingProblem } from '../../../domain/booking-limits';
import { validateBookingInput } from '../../../domain/booking-rules';
import { dayInput, isOfferedDay } from '../../../domain/day-slots';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { visitModeProblem, visitSlotAt, visitSlots, type VisitMode, type VisitModeProblem, type VisitPartInput, type VisitSlot } from '../../../domain/visit-fit';
import { accountName } from '../../auth/account-name';
import { bookingKey } from '../../auth/rate-limit-keys';
import { ApiError, badRequest } from '../../http/errors';
import type { SessionUser } from '../../http/env';
import { announce, appointmentValues, insertedRow, professionalAsChecked, refusal, writeAppointment, writeRepickingResources } from './booking-write';
import type { BookedRow } from './insert-queries';
import { checkedSlot, exceptionsFor, resolve, type Booker, type Ctx } from './slot-engine';
import { bookVisitAtomically, type VisitPartWrite } from './visit-insert-query';

// A client books several services in one visit (ADRs 081-083): the times where all of them fit
// (src/domain/visit-fit.ts), and the booking of all its parts in ONE statement (ADR 103,
// visit-insert-query.ts: the client's booking statement made for several parts, with the
// visit's id): the exclusion constraints hold every professional and cabin, and a part that
// loses fails the statement, so no other part is written.

export type VisitPartRequest = { serviceId: string; professionalId: string };
export type VisitQuery = { parts: VisitPartRequest[]; mode: VisitMode; date: string };
export type VisitRequest = VisitQuery & { time: string; notes?: string };

const MODE_TEXT: Record<VisitModeProblem, string> = {
  too_few: VISIT_MSG.tooFew,
  too_many: VISIT_MSG.tooMany,
  parallel_not_allowed: VISIT_MSG.parallelNotAllowed,
  parallel_same_professional: VISIT_MSG.parallelSameProfessional,
};

type Resolved = Awaited<ReturnType<typeof resolve>>;

/** Each part's service and professional (the single booking's checks, part by part), then whether they may go together this way. */
export async function resolveParts(ctx: Ctx, q: VisitQuery, withBusy: boolean, client?: Parameters<typeof resolve>[3]) {
  // How many, before reading anything (the 'sequence' question asks only that).
  const count = visitModeProblem(q.parts.map((p) => ({ professional: p.professionalId, parallelAllowed: true })), 'sequence');
  if (count) throw badRequest(MODE_TEXT[count], `visit_${count}`);
  if (new Set(q.parts.map((p) => p.serviceId)).size < q.parts.length) throw badRequest(VISIT_MSG.sameServiceTwice, 'visit_same_service');
  // Her attempt (`client.rate`) is counted once, with the first part's read (ADR 097).
  const resolved = await Promise.all(q.parts.map((p, i) => resolve(ctx.db, { ...p, date: q.date }, withBusy, i === 0 || !client ? client : { id: client.id, now: client.now })));
  const problem = visitModeProblem(resolved.map(asPart), q.mode);
  if (problem) throw badRequest(MODE_TEXT[problem], `visit_${problem}`);
  return resolved;
}

const asPart = (r: Resolved) => ({ professional: r.employee.id, parallelAllowed: r.service.parallelAllowed });

/** THE availability rule's question for each part (day-slots.ts), as the single booking asks it (`who`: the desk is not bound by the salon's opening hours, ADR 060). */
function partInputs(ctx: Ctx, date: string, resolved: readonly Resolved[], withBusy: boolean, who: Booker = 'client'): VisitPartInput[] {
  return resolved.map((r) => ({
    ...asPart(r),
    day: dayInput(
      { date, duration: r.service.duration, availability: r.employee.availability, interval: r.interval, busy: withBusy && r.employee.userId ? r.busy : [], exceptions: exceptionsFor(who, r.exceptions), buffers: r.buffers, resources: r.resources },
      ctx.now(),
      SALON_TIME_ZONE,
    ),
  }));
}

const visitJson = (s: VisitSlot) => ({ time: s.time, start: s.start.toISOString(), parts: s.parts.map((p) => ({ start: p.start.toISOString(), end: p.end.toISOString() })) });

/** The times the visit may start that day (none past the horizon, on a day the calendar refuses, or with a professional without an account). */
export async function visitSlotList(ctx: Ctx, q: VisitQuery) {
  const resolved = await resolveParts(ctx, q, true);
  const now = ctx.now();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const bookable = isOfferedDay(q.date, now, SALON_TIME_ZONE) && isWithinHorizon(q.date, today, horizonOf(resolved[0]!.limits.horizonDays));
  if (!bookable || resolved.some((r) => !r.employee.userId)) return { date: q.date, slots: [] };
  return { date: q.date, slots: visitSlots(partInputs(ctx, q.date, resolved, true), q.mode).map(visitJson) };
}

/** The visit at `time`: the first part checked as a single booking (closures and time off named), then all of it. */
export function fitOf(ctx: Ctx, req: VisitRequest, resolved: readonly Resolved[], who: Booker = 'client'): VisitSlot {
  const first = resolved[0]!;
  checkedSlot(ctx, { date: req.date, duration: first.service.duration, availability: first.employee.availability, interval: first.interval, busy: [], exceptions: exceptionsFor(who, first.exceptions), buffers: first.buffers, resources: first.resources }, req.time);
  const visit = visitSlotAt(partInputs(ctx, req.date, resolved, false, who), req.mode, req.time);
  if (!visit) throw badRequest(VISIT_MSG.visitDoesNotFit, 'slot_not_offered');
  return visit;
}

/**
 * The parts as the visit's statement writes them (its own and the staff's, ADR 104): in the order
 * of their professionals' record ids, so two visits racing for the same professionals wait on each
 * other in one order rather than in a circle.
 */
export function partWrites(resolved: readonly Resolved[], fit: VisitSlot, req: VisitRequest): VisitPartWrite[] {
  const order = resolved.map((_, i) => i).sort((a, b) => resolved[a]!.employee.id.localeCompare(resolved[b]!.employee.id) || a - b);
  return order.map((i) => {
    const r = resolved[i]!;
    const part = fit.parts[i]!;
    const slot = { time: req.time, start: part.start, end: part.end, resourceIds: part.resourceIds };
    return { index: i, employeeRecordId: r.employee.id, expectedUserId: r.employee.userId!, values: appointmentValues(r.service, r.employee, slot, req.notes, r.buffers) };
  });
}

/**
 * Books the visit: all its parts or none. The checks are the single booking's (client-booking.ts),
 * once for the visit: her horizon, her cap (a visit counts once, ADR 083) and her rate of attempts.
 * Parts are written in the order of their professionals' record ids, so two visits racing for the
 * same professionals wait on each other in one order rather than in a circle.
 */
export async function bookVisit(ctx: Ctx, user: SessionUser, req: VisitRequest) {
  const now = ctx.now();
  const client = { id: user.id, now };
  // Counted with the first part's context read, as a single booking's (ADR 097); answered after the horizon and the cap.
  const resolved = await resolveParts(ctx, req, false, { ...client, rate: { key: bookingKey(user.id), rule: BOOKING_RATE_RULE, now: Date.now() } });
  const first = resolved[0]!;
  const problem = validateBookingInput({ clientId: user.id, employeeId: req.parts[0]!.professionalId, serviceId: req.parts[0]!.serviceId, date: req.date, time: req.time, durationMinutes: first.service.duration });
  if (problem) throw badRequest(problem);
  if (resolved.some((r) => !r.employee.userId)) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');
  const visit = fitOf(ctx, req, resolved);
  const limited = selfBookingProblem({ date: req.date, today: salonDateOf(now, SALON_TIME_ZONE), ...first.limits });
  if (limited) throw refusal(limited);
  if (first.rate && !first.rate.allowed) throw new ApiError(429, 'too_many_bookings', STAFF_MSG.bookingTooFast);

  const cap = capOf(first.limits.maxFutureAppointments);
  const visitId = randomUUID();
  const clientName = accountName(user);
  // ONE statement for every part (visit-insert-query.ts, ADR 103): all of them or none.
  const write = (fit: VisitSlot) =>
    writeAppointment(async () => {
      const outcomes = await bookVisitAtomically(ctx.db, {
        now,
        visitId,
        client: { clientId: user.id, clientName, clientEmail: user.email },
        maxFutureAppointments: cap,
        visitDate: req.date,
        parts: partWrites(resolved, fit, req),
      });
      // Refused as the parts' own statements were, part by part in writing order: her
      // professional gone (404) or relinked (409), and after the first part's, her cap.
      for (const [k, o] of outcomes.entries()) {
        professionalAsChecked(o, resolved[o.index]!.employee.userId!);
        if (k === 0 && !o.row && o.clientFuture >= cap) throw refusal(capReached(o.clientFuture, cap));
      }
      const rows: BookedRow[] = [];
      for (const o of outcomes) rows[o.index] = insertedRow(o, resolved[o.index]!.employee.userId!);
      return rows;
    });
  // A cabin taken a moment ago by someone else: read again and fit once more (booking-write.ts).
  const rows = await writeRepickingResources(visit, write, async () => fitOf(ctx, req, await resolveParts(ctx, req, false, client)));
  const holds = resolved.some((r) => r.resources.length > 0);
  for (const userId of new Set(resolved.map((r) => r.employee.userId!))) announce(ctx, userId, [req.date], holds);
  return { visitId, rows };
}
