// A visit of several services is several appointments sharing a visit id (ADR 081), all on one
// day: the day view finds a part's companions among the day's rows, without another request.

type Part = { id: string; visitId: string | null; startTime: string; status: string };

/** The other parts of `a`'s visit among the day's appointments, by start (ties by id); none outside a visit. */
export function otherVisitParts<P extends Part>(day: readonly P[], a: Part): P[] {
  if (!a.visitId) return [];
  return day
    .filter((p) => p.visitId === a.visitId && p.id !== a.id)
    .sort((x, y) => Date.parse(x.startTime) - Date.parse(y.startTime) || x.id.localeCompare(y.id));
}

// Whether the desk is offered "Cancelar toda la visita" (ADR 098): the rule lives beside the shared
// choice (components/whole-visit-choice.tsx), so Gestionar Citas follows it too (ADR 104).
export { offersWholeVisit } from '../../components/whole-visit-choice';
