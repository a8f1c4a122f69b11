import { isSalonDay } from '../../http/salon-day';
import { canAdminTransition, type AppointmentStatus } from '../../../domain/appointment-status';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import type { Deps } from '../../http/env';
import { enqueueVisitCancellation } from '../../notifications/visit-cancellation';
import { cancelVisitParts } from '../../db/visit-parts';
import { badRequest, conflict, notFound } from '../../http/errors';
import { employeesWithAccount, findStatus, listPage, updateIfConfirmed } from './queries';
import { isId } from '../../http/params';
import { holdsResources } from '../../db/appointment-resources';
import { appointmentsChanged } from '../../live-events/realtime';

export type ListQuery = {
  from: string;
  to: string;
  employeeId?: string;
  status?: AppointmentStatus;
  cursor?: string;
  limit: number;
};

// Keyset cursor (docs/decisions/005-admin-appointments-paging.md): the last row's startTime and id,
// opaque to the browser. Unlike an offset it does not skip or repeat rows when a booking lands
// or a row changes status between two pages.
type Cursor = { startTime: Date; id: string };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.startTime.toISOString(), c.id])).toString('base64url');
}

export function decodeCursor(s: string): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    // Only the exact form encodeCursor writes, on a salon day like the date parameters: an
    // expanded-year instant ('+275760-09-13T00:00:00.000Z') is a valid JS Date that PostgreSQL
    // cannot read, and answered 500.
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && isId(v[1]) && ISO_INSTANT.test(v[0])) {
      const startTime = new Date(v[0]);
      if (Number.isFinite(startTime.getTime()) && startTime.toISOString() === v[0] && isSalonDay(v[0].slice(0, 10))) return { startTime, id: v[1] };
    }
  } catch {
    // fall through
  }
  throw badRequest();
}

/**
 * SPEC §5 "Appointment filters": 'Desde' counts from the start of its salon day, 'Hasta' to the
 * end of its salon day (the start of the next one, exclusive), whatever the DST shift that day.
 */
export async function listAppointments(deps: Pick<Deps, 'db'>, q: ListQuery) {
  const start = dayBounds(q.from, SALON_TIME_ZONE).start;
  const end = dayBounds(q.to, SALON_TIME_ZONE).end;
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await listPage(deps.db, { start, end, employeeId: q.employeeId, status: q.status, after, limit: q.limit });
  const hasMore = rows.length > q.limit;
  const page = hasMore ? rows.slice(0, q.limit) : rows;
  const last = page.at(-1);
  return {
    appointments: page,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ startTime: last.startTime, id: last.id }) : null,
  };
}

/**
 * The admin's actions (SPEC §4): only confirmed -> completed | no_show | cancelled_by_salon
 * (domain canAdminTransition). The spec's "generic update accepts any status" is deliberately
 * not kept (docs/decisions/006-admin-status-changes.md). A cancelled_by_salon row leaves the
 * exclusion constraint's set, so its time is free again the moment this commits. `wholeVisit`:
 * the desk cancels every part of the appointment's visit at once, and the client gets one message
 * naming them (ADR 098); without it the desk cancels one part (ADR 083).
 */
export async function changeStatus(deps: Pick<Deps, 'db' | 'now' | 'realtime'>, id: string, to: AppointmentStatus, wholeVisit = false) {
  if (!isId(id)) throw notFound(STAFF_MSG.appointmentNotFound);
  const now = deps.now();
  // The WHERE status = 'confirmed' of the update is the "from" half of the rule.
  // A cancellation by the salon and its messages commit together (ADR 021); completed and
  // no-show need none (a pending reminder sees the status and stays silent).
  const done = canAdminTransition('confirmed', to)
    ? await deps.db.transaction(async (tx) => {
        const changed = await updateIfConfirmed(tx, id, to, now);
        if (!changed || to !== 'cancelled_by_salon') return { changed, rest: [] };
        const rest = wholeVisit ? await cancelVisitParts(tx, id, 'cancelled_by_salon', now) : [];
        await enqueueVisitCancellation(tx, [changed, ...rest], now);
        return { changed, rest };
      })
    : undefined;
  const row = done?.changed;
  if (row) {
    const dates = [...new Set([salonDateOf(row.startTime, SALON_TIME_ZONE), salonDateOf(row.endTime.getTime() - 1, SALON_TIME_ZONE)])];
    // A cancellation frees its cabin or machine for every professional (ADR 036): they are told; a
    // completed or missed visit (already started) changes no one else's times, so no lookup for it.
    const freed = to === 'cancelled_by_salon' && (await holdsResources(deps.db, row.id));
    deps.realtime.publish(appointmentsChanged(row.employeeId, dates, freed));
    for (const p of done.rest) deps.realtime.publish(appointmentsChanged(p.employeeId, [salonDateOf(p.startTime, SALON_TIME_ZONE)], await holdsResources(deps.db, p.id)));
    return row;
  }
  // Not changed: say why (a refusal, or nothing by that id).
  const current = await findStatus(deps.db, id);
  if (!current) throw notFound(STAFF_MSG.appointmentNotFound);
  throw conflict(STAFF_MSG.invalidTransition, 'invalid_transition');
}

/** The filter's employees: those with a linked account, since appointment.employeeId is that account. */
export async function listFilterEmployees(deps: Pick<Deps, 'db'>) {
  const rows = await employeesWithAccount(deps.db);
  return rows.map((r) => ({ id: r.id, userId: r.userId!, name: r.name, isActive: r.isActive }));
}
