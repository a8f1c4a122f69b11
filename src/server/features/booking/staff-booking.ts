import { isErasedClientRecord, mayBookClientWith } from '../../../domain/front-desk-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { SessionUser } from '../../http/env';
import { conflict, forbidden, notFound } from '../../http/errors';
import { BONO_MSG } from '../../../domain/bonos';
import { isId } from '../../http/params';
import { announce, insertedRow, recordBookingWrite, writeRepickingResources } from './booking-write';
import { bonoFits, clientRecord } from './insert-queries';
import { bookableSlot, type Ctx, type SlotRequest } from './slot-engine';

export type StaffBookingRequest = SlotRequest & { clientId: string; notes?: string; bonoId?: string | null };

/** What decides the time: the slot engine (`bookableSlot`), or a squeeze's rule (squeeze.ts), which also says how it is marked. */
type SlotDecider<R extends StaffBookingRequest> = (ctx: Ctx, req: R) => Promise<Awaited<ReturnType<typeof bookableSlot>> & { fittedIn?: string | null }>;
/** Whether the actor may book on this professional's agenda (a squeeze keeps the stricter `mayManageAgenda`). */
type AgendaRule = (role: SessionUser['role'], actorUserId: string, agendaUserId: string | null) => boolean;
const withAnyProfessional: AgendaRule = (role, _actor, agenda) => mayBookClientWith(role, agenda);

/**
 * The staff book for a salon client record (a phone or walk-in client, with or without an
 * account; ADR 019). The desk and every professional book with any professional who has an account
 * (docs/decisions/086: a professional books her client with herself or a colleague); `mayAgenda`
 * narrows it (a squeeze: own agenda only, else 403). A deleted account's record is refused. Same slot
 * engine, same exclusion constraints, same 409 text on a race; the appointment records who booked.
 * `resourceIds`: the cabins or machines the staff chose, else the first free ones (ADR 036).
 */
export async function bookForClientRecord<R extends StaffBookingRequest>(
  ctx: Ctx,
  actor: SessionUser,
  req: R,
  decide: SlotDecider<R> = (c, r) => bookableSlot(c, r, 'desk'),
  mayAgenda: AgendaRule = withAnyProfessional,
) {
  const record = isId(req.clientId) ? await clientRecord(ctx.db, req.clientId) : undefined;
  if (!record) throw notFound(STAFF_MSG.clientNotFound);
  if (isErasedClientRecord(record, MSG.deletedClientName)) throw conflict(STAFF_MSG.clientErased, 'client_erased');
  const { service, employee, slot, buffers, needsResources, fittedIn } = await decide(ctx, req);
  if (!mayAgenda(actor.role, actor.id, employee.userId)) throw forbidden(STAFF_MSG.notOwnAgenda);
  // The bono the staff chose must be hers and fit this visit; the statement still takes its
  // session under the bono's lock (a lost race for its last session books without it).
  if (req.bonoId && !(await bonoFits(ctx.db, { bonoId: req.bonoId, clientRecordId: record.id, serviceId: service.id, date: req.date })))
    throw conflict(BONO_MSG.bonoNotUsable, 'bono_not_usable');
  const write = recordBookingWrite(ctx, record, { service, employee, buffers, notes: req.notes, bookedByUserId: actor.id, bono: req.bonoId, fittedIn });
  // Resources the staff chose are kept or refused; those the server picked are picked again after a lost race.
  const repick = req.resourceIds?.length ? undefined : async () => (await decide(ctx, req)).slot;
  const result = await writeRepickingResources(slot, write, repick);
  const row = insertedRow(result, employee.userId);
  announce(ctx, employee.userId, [req.date], needsResources);
  return row;
}
