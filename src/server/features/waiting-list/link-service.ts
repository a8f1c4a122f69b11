import { entryExpired } from '../../../domain/waiting-list';
import { salonDateOf, salonTimeOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { ApiError } from '../../http/errors';
import type { BookingPort } from './port';
import { markBooked, offerById, withdrawEntry, type OfferRow } from './queries';
import { offerIdOfToken } from './send-offers';
import type { Ctx } from './service';

// What an offer's link does (ADR 072): the signed token names one offer, which names her record,
// the service, the professional and the time; nothing in the request can change any of them.

export type LinkState = 'open' | 'booked' | 'gone';
export type BookOutcome =
  { kind: 'booked' } | { kind: 'gone'; lostRace: boolean } | { kind: 'refused'; status: 400 | 409; code: string; message: string };

/** The offer a link names, while it means something: not withdrawn, not past its entry's last day (unless she booked it). */
export async function offerOfLink(ctx: Pick<Ctx, 'db' | 'messageSecret' | 'now'>, token: string): Promise<OfferRow | null> {
  const id = offerIdOfToken(ctx.messageSecret, token);
  const offer = id ? await offerById(ctx.db, id) : null;
  if (!offer) return null;
  if (offer.appointmentId) return offer;
  if (offer.entryStatus === 'withdrawn' || entryExpired(offer.toDate, salonDateOf(ctx.now(), SALON_TIME_ZONE))) return null;
  return offer;
}

const requestOf = (o: OfferRow) => ({
  clientRecordId: o.clientId,
  serviceId: o.serviceId,
  professionalId: o.employeeId,
  date: salonDateOf(o.startTime, SALON_TIME_ZONE),
  time: salonTimeOf(o.startTime, SALON_TIME_ZONE),
});

/** What the link's GET shows: still free (the availability rule offers it now), already hers, or gone. */
export async function stateOf(ctx: Pick<Ctx, 'now'>, booking: BookingPort, o: OfferRow): Promise<LinkState> {
  if (o.appointmentId) return 'booked';
  if (o.entryStatus !== 'waiting' || o.startTime <= ctx.now()) return 'gone';
  const { date, time, serviceId, professionalId } = requestOf(o);
  const free = await booking.slots({ serviceId, professionalId, date }).catch(() => []);
  return free.some((s) => s.time === time) ? 'open' : 'gone';
}

/**
 * Her tap: the booking under the client's rules (the booking room's, through the port); the
 * exclusion constraints decide who was first. Winning marks her entry booked.
 */
export async function bookByLink(ctx: Pick<Ctx, 'db' | 'now'>, booking: BookingPort, o: OfferRow): Promise<BookOutcome> {
  if (o.appointmentId) return { kind: 'booked' };
  if (o.entryStatus !== 'waiting' || o.startTime <= ctx.now()) return { kind: 'gone', lostRace: false };
  try {
    const row = await booking.book(requestOf(o));
    await markBooked(ctx.db, o.id, o.entryId, row.id);
    return { kind: 'booked' };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // The same link tapped twice at once: the other tap booked it for her.
    const again = await offerById(ctx.db, o.id);
    if (again?.appointmentId) return { kind: 'booked' };
    if (err.code === 'slot_taken') return { kind: 'gone', lostRace: true };
    // No longer offered at all (a block or time off since, her service changed): gone too.
    if (err.code === 'slot_not_offered' || err.code === 'time_off' || err.code === 'salon_closed' || err.status === 404)
      return { kind: 'gone', lostRace: false };
    return { kind: 'refused', status: err.status === 400 ? 400 : 409, code: err.code, message: err.message };
  }
}

export const withdrawByLink = (ctx: Pick<Ctx, 'db'>, o: OfferRow) => withdrawEntry(ctx.db, o.entryId, o.clientId);
