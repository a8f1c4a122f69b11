import { isBufferMinutes, serviceResourcesError } from '../../../domain/resources';
import { STAFF_MSG } from '../../../domain/texts/staff';

// What a service needs besides a professional (ADR 036): its preparation and cleaning minutes and
// its resource groups, as the service form edits them and the services list hints at them. Pure,
// tested in service-needs.test.ts; the rules themselves are the domain's (domain/resources.ts).

/** The form's state: the two boxes as typed, and each group's ticked resource ids. */
export type NeedsDraft = { prep: string; cleanup: string; groups: string[][] };
export type NeedsField = 'prep' | 'cleanup' | 'groups';
export type ServiceNeeds = { prepMinutes: number; cleanupMinutes: number; resourceGroups: { resourceIds: string[] }[] };

/**
 * A saved service's needs as the form starts them. A group keeps only active resources: the
 * server refuses an inactive one, so the admin sees the group as it will be saved. `active` null:
 * not known yet (still loading), every id is kept.
 */
export function draftOf(service: { prepMinutes: number; cleanupMinutes: number; resourceGroups: { resourceIds: string[] }[] } | null, active: ReadonlySet<string> | null): NeedsDraft {
  if (!service) return { prep: '0', cleanup: '0', groups: [] };
  return {
    prep: String(service.prepMinutes),
    cleanup: String(service.cleanupMinutes),
    groups: service.resourceGroups.map((g) => (active ? g.resourceIds.filter((id) => active.has(id)) : [...g.resourceIds])),
  };
}

/** A group with `id` ticked or unticked. */
export const toggled = (group: readonly string[], id: string): string[] => (group.includes(id) ? group.filter((x) => x !== id) : [...group, id]);

/** An empty box is 0; anything else must be a whole number of minutes (checked by `needsOf`). */
const minutes = (typed: string) => (typed.trim() === '' ? 0 : Number(typed.trim()));

/** The needs to send, or the first problem and the field it belongs to (the same rules as the server). */
export function needsOf(draft: NeedsDraft, active: ReadonlySet<string>): { ok: ServiceNeeds } | { error: string; field: NeedsField } {
  const needs: ServiceNeeds = {
    prepMinutes: minutes(draft.prep),
    cleanupMinutes: minutes(draft.cleanup),
    resourceGroups: draft.groups.map((resourceIds) => ({ resourceIds })),
  };
  if (!isBufferMinutes(needs.prepMinutes)) return { error: STAFF_MSG.serviceBuffersInvalid, field: 'prep' };
  if (!isBufferMinutes(needs.cleanupMinutes)) return { error: STAFF_MSG.serviceBuffersInvalid, field: 'cleanup' };
  const problem = serviceResourcesError(needs, active);
  return problem ? { error: problem, field: 'groups' } : { ok: needs };
}

/**
 * The services list's discreet line: 'Necesita Láser de diodo · Cabina 1 o Cabina 2 · limpieza 10 min',
 * or null for a service that needs nothing more. `nameOf` gives a resource's name (unknown ids are skipped).
 */
export function needsSummary(s: ServiceNeeds, nameOf: (id: string) => string | undefined): string | null {
  const groups = s.resourceGroups
    .map((g) => g.resourceIds.map(nameOf).filter((n): n is string => Boolean(n)))
    .filter((names) => names.length > 0)
    .map((names) => names.join(' o '));
  const parts = [
    groups.length ? `Necesita ${groups.join(' · ')}` : null,
    s.prepMinutes ? `preparación ${s.prepMinutes} min` : null,
    s.cleanupMinutes ? `limpieza ${s.cleanupMinutes} min` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
