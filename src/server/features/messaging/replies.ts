import { canClientCancel } from '../../../domain/appointment-status';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import type { Tx } from '../../db/client';
import { holdsResources } from '../../db/appointment-resources';
import type { Deps } from '../../http/env';
import { appointmentsChanged } from '../../live-events/realtime';
import { cancelVisitParts, type CancelledPart } from '../../db/visit-parts';
import { enqueueVisitCancellation } from '../../notifications/visit-cancellation';
import type { ReplyAction, VisitRef } from '../../notifications/tokens';
import { markCancelledByHer, markConfirmedByClient, visitById, type Visit } from './queries';

// A client's answer to a message about her visit (ADR 057, 055): "Confirmo" or "Cancelar cita",
// from WhatsApp's buttons or from the page an SMS or the desk's WhatsApp links to. The same rules
// as Mis Citas (SPEC §5 Cancellation by client): only a confirmed visit still to come, cancelled
// only outside the salon's policy window, and only at the version her message was about.

export type Answer = 'confirmed' | 'cancelled' | 'too_late' | 'not_pending';
/** `rest`: the other parts of her visit, cancelled with it. */
export type Answered = { answer: Answer; visit: Visit; rest?: CancelledPart[] };

/** Her answer, in the caller's transaction; null when the appointment does not exist (any more). */
export async function answerVisit(tx: Tx, now: Date, ref: VisitRef, action: ReplyAction): Promise<Answered | null> {
  const visit = await visitById(tx, ref.appointmentId, true);
  if (!visit) return null;
  if (visit.status !== 'confirmed' || visit.version !== ref.version || visit.startTime.getTime() <= now.getTime()) return { answer: 'not_pending', visit };
  if (action === 'confirm') {
    await markConfirmedByClient(tx, visit.id, now);
    return { answer: 'confirmed', visit };
  }
  const check = canClientCancel(visit, now, visit.cancellationHours);
  if (!check.ok) return { answer: check.reason === 'window' ? 'too_late' : 'not_pending', visit };
  if (!(await markCancelledByHer(tx, visit.id, ref.version, now))) return { answer: 'not_pending', visit };
  // A visit of several services is cancelled whole, as from Mis Citas (ADR 083): her message answers
  // for its first part. Each professional is told, and she gets ONE cancellation on her channel
  // naming every part (ADR 021, 057, 098).
  const rest = await cancelVisitParts(tx, visit.id, 'cancelled_by_client', now);
  await enqueueVisitCancellation(tx, [{ id: visit.id, startTime: visit.startTime }, ...rest], now);
  return { answer: 'cancelled', visit, rest };
}

/**
 * After the commit: the day view and the agenda show "Confirmó" at once, and a cancelled visit's
 * time is free for everyone's booking screen (its cabin or machine too: ADR 036).
 */
export async function announce(ctx: Pick<Deps, 'db' | 'realtime'>, done: Answered | null): Promise<void> {
  if (!done || (done.answer !== 'confirmed' && done.answer !== 'cancelled')) return;
  const v = done.visit;
  const holds = done.answer === 'cancelled' && (await holdsResources(ctx.db, v.id));
  ctx.realtime.publish(appointmentsChanged(v.employeeId, [salonDateOf(v.startTime, SALON_TIME_ZONE)], holds));
  for (const p of done.rest ?? []) ctx.realtime.publish(appointmentsChanged(p.employeeId, [salonDateOf(p.startTime, SALON_TIME_ZONE)], await holdsResources(ctx.db, p.id)));
}
