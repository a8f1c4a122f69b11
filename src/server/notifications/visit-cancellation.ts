import { firstPart } from '../../domain/visit-messages';
import type { Db } from '../db/client';
import { enqueueAppointmentMessages } from './enqueue';

// A visit of several services cancelled at once sends the client ONE cancellation (ADR 098), as
// it sent her one confirmation (ADR 093): the earliest cancelled part's, which lists every part
// cancelled with it when it leaves (visit-parts.ts, visitCancellationOf). Each professional is
// told of her own part, as for any cancellation.

type Executor = Pick<Db, 'execute'>;

/**
 * The messages of `cancelled` (parts of one visit, or one appointment), all already marked
 * cancelled in the caller's transaction with the same moment (`updated_at`): the professional's
 * notice of each, the client's only on the earliest.
 */
export async function enqueueVisitCancellation(tx: Executor, cancelled: readonly { id: string; startTime: Date }[], now: Date): Promise<void> {
  const speaker = firstPart(cancelled.map((c) => ({ id: c.id, start: c.startTime })))?.id;
  for (const c of cancelled) await enqueueAppointmentMessages(tx, { kind: 'cancellation', appointmentId: c.id, now, toClient: c.id === speaker });
}
