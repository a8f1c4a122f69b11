import { horizonOf, lastBookableDate } from '../../../domain/booking-limits';
import { ANY_PROFESSIONAL } from '../../../domain/booking-rules';
import { addDays } from '../../../domain/calendar-date';
import { anyoneSlots, assignmentOrder, firstFree, monthMap, offeredWithoutBookings, whenLabel, type MonthInput } from '../../../domain/month-map';
import { dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { slotIntervalOf } from '../../../domain/slots';
import { MSG } from '../../../domain/texts/common';
import type { Deps, SessionUser } from '../../http/env';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { employeeUnavailable } from './booking-write';
import { book, type BookingRequest } from './client-booking';
import { monthContext } from './month-queries';
import { slotsJson, type Ctx } from './slot-engine';

// The booking calendar's month and "Cualquier profesional" (ADRs 061, 062): one read of the
// range (month-queries.ts), each day asked of THE availability rule through month-map.ts. A
// client is asked about: the salon's opening hours bound these as they bound her slot list (ADR 060).

export { ANY_PROFESSIONAL };

/** The month's first and last salon days ("2026-06" -> 2026-06-01, 2026-06-30). */
function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const next = addDays(from, 32).slice(0, 7);
  return { from, to: addDays(`${next}-01`, -1) };
}

/** The rule's input over [from, to] for one professional or (`professionalId` ANY_PROFESSIONAL) everyone who does the service. */
async function inputOver(ctx: Ctx, serviceId: string, professionalId: string, from: string, to: string): Promise<MonthInput> {
  if (!isId(serviceId)) throw notFound(MSG.serviceNotFoundOrUnavailable);
  const anyone = professionalId === ANY_PROFESSIONAL;
  if (!anyone && !isId(professionalId)) throw employeeUnavailable();
  // What is booked is read from today on: a day before today is 'past' whatever it held (month-map.ts),
  // so the current month does not read its past weeks' appointments (a salon's history).
  const end = dayBounds(to, SALON_TIME_ZONE).end;
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const fromToday = dayBounds(from > today ? from : today, SALON_TIME_ZONE).start;
  const c = await monthContext(ctx.db, {
    serviceId,
    professionalId: anyone ? null : professionalId,
    from,
    to,
    start: fromToday < end ? fromToday : end,
    end,
  });
  if (!c.service) throw notFound(MSG.serviceNotFoundOrUnavailable);
  if (!anyone && c.professionals.length === 0) throw employeeUnavailable();
  return {
    from,
    to,
    now: ctx.now(),
    tz: SALON_TIME_ZONE,
    horizonDays: horizonOf(c.horizonDays),
    interval: slotIntervalOf(c.interval),
    duration: c.service.duration,
    buffers: { prepMinutes: c.service.prepMinutes, cleanupMinutes: c.service.cleanupMinutes },
    salon: c.salon,
    openingHours: c.openingHours,
    professionals: c.professionals,
    resources: c.resources,
  };
}

/** Months after the one shown that are searched for the first free time when it has none. */
const FIRST_FREE_MONTHS_AHEAD = 3;

/**
 * GET /api/booking/month: every day of the month marked, and the first free time with its words:
 * in that month, else in the next ones (at most FIRST_FREE_MONTHS_AHEAD; the horizon ends sooner).
 * The months ahead are ONE read, from today or the next month's first day to the horizon's last
 * day or the last month's, whichever comes first; the search stops at the first day with a time.
 */
export async function bookingMonth(ctx: Ctx, q: { serviceId: string; professionalId: string; month: string }) {
  const { from, to } = monthRange(q.month);
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const input = await inputOver(ctx, q.serviceId, q.professionalId, from, to);
  const { days, first: inMonth } = monthMap(input);
  let first = inMonth;
  if (!first) {
    const next = addDays(to, 1);
    const aheadFrom = next > today ? next : today;
    let aheadTo = to;
    for (let i = 0; i < FIRST_FREE_MONTHS_AHEAD; i++) aheadTo = monthRange(addDays(aheadTo, 1).slice(0, 7)).to;
    const last = lastBookableDate(today, input.horizonDays);
    if (last < aheadTo) aheadTo = last;
    if (aheadFrom <= aheadTo) first = firstFree(await inputOver(ctx, q.serviceId, q.professionalId, aheadFrom, aheadTo));
  }
  return { month: q.month, days, first: first && { ...first, label: whenLabel(first.date, first.time, today) } };
}

/** The slot list of "Cualquier profesional": every time anyone who does the service offers that day. */
export async function anyoneDaySlots(ctx: Ctx, q: { serviceId: string; date: string }) {
  return slotsJson(q.date, anyoneSlots(await inputOver(ctx, q.serviceId, ANY_PROFESSIONAL, q.date, q.date), q.date));
}

/** A lost race for this professional or her cabin: the next one free then is tried. */
const lostRace = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && (e.code === 'slot_taken' || e.code === 'resource_unavailable');

/**
 * A booking with "Cualquier profesional" (ADR 062): those free at that time, the least booked that
 * day first, then the list's order; each attempt is the client's own booking (her limits, the
 * availability check, the one statement the exclusion constraints guard). When the database gives
 * the time to someone else meanwhile, the next is tried; when nobody is left, the last refusal.
 */
export async function bookAnyone(ctx: Ctx & Pick<Deps, 'rateLimit'>, user: SessionUser, req: BookingRequest) {
  const input = await inputOver(ctx, req.serviceId, ANY_PROFESSIONAL, req.date, req.date);
  const order = assignmentOrder(input, req.date, req.time);
  // Everyone taken since the page offered it: the spec's conflict, as for one professional.
  if (order.length === 0 && offeredWithoutBookings(input, req.date, req.time)) throw conflict(MSG.slotTaken, 'slot_taken');
  if (order.length === 0) throw badRequest(MSG.slotNotOffered, 'slot_not_offered');
  let last: unknown;
  for (const p of order) {
    try {
      return await book(ctx, user, { ...req, professionalId: p.id });
    } catch (e) {
      if (!lostRace(e)) throw e;
      last = e;
    }
  }
  throw last;
}
