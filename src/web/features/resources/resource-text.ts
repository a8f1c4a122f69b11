import type { ResourceKind } from '../../../domain/resources';

// How the resources page words a cabin or machine and its conflicts (ADR 036). Pure, so it is
// tested on its own (resource-text.test.ts).

export const KIND_LABEL: Readonly<Record<ResourceKind, string>> = { cabina: 'Cabina', aparato: 'Aparato' };

/** Why an appointment is in the conflict list, as its row says it (neutral wording: a cabin and a machine differ in gender). */
export function conflictLabel(c: { resourceName: string; kind: 'inactive' | 'maintenance'; reason: string }): string {
  if (c.kind === 'inactive') return `${c.resourceName}: desactivado para nuevas citas`;
  return `${c.resourceName}: fuera de servicio${c.reason.trim() ? ` (${c.reason.trim()})` : ''}`;
}

/** '2 citas necesitan «Láser»', said after a change, or null when nothing is left without it. */
export function conflictsNotice(count: number, name: string): string | null {
  if (count === 0) return null;
  return count === 1
    ? `1 cita confirmada necesita «${name}» en ese tiempo: revísala en «Citas en conflicto».`
    : `${count} citas confirmadas necesitan «${name}» en ese tiempo: revísalas en «Citas en conflicto».`;
}
