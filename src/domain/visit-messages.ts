// Which part of a visit of several services speaks to the client, and what its message names
// (ADRs 093, 098). A visit's parts are appointments sharing a visit id; the client hears of the
// visit once: one confirmation, one reminder, one cancellation. Pure: rows in, the answer out.

export type VisitPartState = { id: string; start: Date; status: string; changedAt: Date };

type Timed = { id: string; start: Date };

/** The earliest of `parts` (by start, then id, so two parts at the same time give one answer); undefined for none. */
export function firstPart<T extends Timed>(parts: readonly T[]): T | undefined {
  let first: T | undefined;
  for (const p of parts) {
    const t = p.start.getTime();
    if (!first || t < first.start.getTime() || (t === first.start.getTime() && p.id < first.id)) first = p;
  }
  return first;
}

/** The part that carries the visit's one reminder: its earliest part still confirmed (none when all are cancelled). */
export const reminderHolder = <T extends Timed & { status: string }>(parts: readonly T[]): T | undefined =>
  firstPart(parts.filter((p) => p.status === 'confirmed'));

/**
 * The parts a client's cancellation of part `id` names: the parts cancelled in the same act (same
 * cancelled status, changed at the same moment), in time order (two at once in the order given:
 * the confirmation's). The whole visit cancelled at once gives every part; the desk cancelling one
 * part gives that part alone.
 */
export function cancelledWith<T extends VisitPartState>(parts: readonly T[], id: string): T[] {
  const me = parts.find((p) => p.id === id);
  if (!me || me.status === 'confirmed') return me ? [me] : [];
  return parts
    .filter((p) => p.status === me.status && p.changedAt.getTime() === me.changedAt.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether the visit goes on after the cancellation of part `id` (another part still confirmed): her message says so. */
export const visitGoesOn = (parts: readonly VisitPartState[], id: string) => parts.some((p) => p.id !== id && p.status === 'confirmed');
