import { randomUUID } from 'node:crypto';
import { validateBookingInput } from '../../../domain/booking-rules';
import { isErasedClientRecord, mayBookClientWith } from '../../../domain/front-desk-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { VisitSlot } from '../../../domain/visit-fit';
import { clientLockKey } from '../../db/client-lock';
import type { SessionUser } from '../../http/env';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { announce, insertedRow, writeAppointment, writeRepickingResources } from './booking-write';
import { clientRecord, type BookedRow } from './insert-queries';
import type { Ctx } from './slot-engine';
import { fitOf, partWrites, resolveParts, type VisitRequest } from './visit-booking';
import { bookVisitAtomically } from './visit-insert-query';

// The desk books a visit of several services for a salon client record (ADR 104): the client's
// visit (visit-booking.ts: its parts resolved, where they fit) written by the same ONE statement
// (visit-insert-query.ts, ADR 103) with the record, who booked and her lock, under the staff
// booking's rules (staff-booking.ts): who may book with whom, an erased record refused, the desk
// not bound by the salon's opening hours nor by her cap or horizon (ADRs 025, 060).

export type StaffVisitRequest = VisitRequest & { clientId: string };

/** The staff's visit needs no cap: every count passes (the statement still takes her lock with it). */
const NO_CAP = 2_147_483_647;

export async function bookVisitForClientRecord(ctx: Ctx, actor: SessionUser, req: StaffVisitRequest) {
  const record = isId(req.clientId) ? await clientRecord(ctx.db, req.clientId) : undefined;
  if (!record) throw notFound(STAFF_MSG.clientNotFound);
  if (isErasedClientRecord(record, MSG.deletedClientName)) throw conflict(STAFF_MSG.clientErased, 'client_erased');
  const resolved = await resolveParts(ctx, req, false);
  const first = resolved[0]!;
  const problem = validateBookingInput({
    clientId: 'salon',
    employeeId: req.parts[0]!.professionalId,
    serviceId: req.parts[0]!.serviceId,
    date: req.date,
    time: req.time,
    durationMinutes: first.service.duration,
  });
  if (problem) throw badRequest(problem);
  if (resolved.some((r) => !r.employee.userId)) throw badRequest(MSG.employeeNoAccount, 'employee_no_account');
  if (resolved.some((r) => !mayBookClientWith(actor.role, r.employee.userId))) throw forbidden(STAFF_MSG.notOwnAgenda);
  const visit = fitOf(ctx, req, resolved, 'desk');

  const visitId = randomUUID();
  const write = (fit: VisitSlot) =>
    writeAppointment(async () => {
      const outcomes = await bookVisitAtomically(ctx.db, {
        now: ctx.now(),
        visitId,
        client: { clientId: record.userId ?? '', clientName: record.name, clientEmail: record.email ?? '' },
        record: { clientRecordId: record.id, lockKey: clientLockKey(record), bookedByUserId: actor.id },
        maxFutureAppointments: NO_CAP,
        visitDate: req.date,
        parts: partWrites(resolved, fit, req),
      });
      // Refused part by part in writing order, as the client's: her professional gone (404) or relinked (409).
      const rows: BookedRow[] = [];
      for (const o of outcomes) rows[o.index] = insertedRow(o, resolved[o.index]!.employee.userId!);
      return rows;
    });
  // A cabin the server picked, taken a moment ago: read again and fit once more (booking-write.ts).
  const rows = await writeRepickingResources(visit, write, async () => fitOf(ctx, req, await resolveParts(ctx, req, false), 'desk'));
  const holds = resolved.some((r) => r.resources.length > 0);
  for (const userId of new Set(resolved.map((r) => r.employee.userId!))) announce(ctx, userId, [req.date], holds);
  return { visitId, rows };
}
