import { addDays, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { timeToOffer, type OfferedTime } from '../../../domain/waiting-list';
import { ApiError } from '../../http/errors';
import type { TimeFreedPayload } from '../../notifications/time-freed';
import type { BookingPort } from './port';
import { entriesForFreedDay, insertOffer } from './queries';
import { sendUnsentOffers, type SendDeps } from './send-offers';

// The queue's job for a freed time (ADR 071): the waiting entries that professional's freed day
// may serve, first come first; for each, the first time the availability rule offers her service
// inside the freed span and her part of the day (domain timeToOffer); one offer row per entry and
// time, then every offer told in order. Everyone matching is told at once (ADR 070): the first to
// book wins, and the database decides.

export type JobDeps = SendDeps;

/** The salon days a span touches (a freed span is a visit or whole days: never long). */
function daysOf(start: Date, end: Date): string[] {
  const first = salonDateOf(start, SALON_TIME_ZONE);
  const last = salonDateOf(new Date(end.getTime() - 1), SALON_TIME_ZONE);
  const days: string[] = [];
  for (let d = first; d <= last && days.length < 90; d = addDays(d, 1)) days.push(d);
  return days;
}

export function timeFreedJob(deps: JobDeps, booking: BookingPort) {
  return async (p: TimeFreedPayload): Promise<void> => {
    const now = deps.now();
    const today = salonDateOf(now, SALON_TIME_ZONE);
    const start = new Date(p.start);
    const end = new Date(p.end);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    for (const date of daysOf(start, end)) {
      if (date < today) continue;
      const entries = await entriesForFreedDay(deps.db, p.employeeId, date);
      const offeredBy = new Map<string, OfferedTime[]>();
      for (const entry of entries) {
        let offered = offeredBy.get(entry.serviceId);
        if (!offered) {
          // The one availability rule, as a client's slot list asks it (opening hours, closures,
          // time off, cabins, her service's length): a refusal (the professional no longer does
          // it, left the salon) is "nothing fits".
          offered = await booking
            .slots({ serviceId: entry.serviceId, professionalId: p.employeeId, date })
            .then((slots) => slots.map((s) => ({ time: s.time, start: new Date(s.start) })))
            .catch((err: unknown) => {
              if (err instanceof ApiError) return [];
              throw err; // the database away: the queue runs the job again
            });
          offeredBy.set(entry.serviceId, offered);
        }
        const time = timeToOffer(entry, { employeeId: p.employeeId, date, start, end }, offered, now);
        if (time) await insertOffer(deps.db, { entryId: entry.id, employeeId: p.employeeId, start: time.start });
      }
    }
    const told = await sendUnsentOffers(deps);
    if (told > 0) deps.log.info({ told }, 'waiting-list offers told');
  };
}
