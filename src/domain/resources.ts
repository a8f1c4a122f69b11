import { intervalsOverlap, type Interval } from './booking-rules';
import { STAFF_MSG } from './texts/staff';
import { hasControlCharacters } from './plain-text';

// Cabins and machines (docs/decisions/036-cabins-and-machines.md): what a service needs besides a
// professional, and the preparation and cleaning time around it. Pure rules: the slot rule of
// availability.ts asks `pickResources` for every candidate time, the booking stores what it picked.
// A resource's maintenance is a period shaped as a time off, so it lives with the other periods in
// availability.ts (`maintenanceBlocks`, `resourceConflictOf`); this file imports nothing back.

/** A resource's kind, as the salon names them. */
export const RESOURCE_KINDS = ['cabina', 'aparato'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Preparation and cleaning time per service, in minutes (0..120, default 0). */
export const BUFFER_MAX_MINUTES = 120;
export const RESOURCE_NAME_MAX = 80;
/** Groups per service and resources per group: a salon has a handful of cabins and machines. */
export const GROUPS_MAX = 5;
export const GROUP_MEMBERS_MAX = 20;

export type Buffers = { prepMinutes: number; cleanupMinutes: number };
export const NO_BUFFERS: Buffers = { prepMinutes: 0, cleanupMinutes: 0 };

export const isBufferMinutes = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= BUFFER_MAX_MINUTES;

const MINUTE_MS = 60_000;

/** What the appointment [start, end) holds of the professional and its resources: with its buffers. */
export function blockedSpan(slot: Interval, b: Buffers): Interval {
  return { start: new Date(slot.start.getTime() - b.prepMinutes * MINUTE_MS), end: new Date(slot.end.getTime() + b.cleanupMinutes * MINUTE_MS) };
}

/**
 * One resource as a slot is decided against: its id, and the instants it is held that day
 * (other appointments' blocked spans, and its maintenance as instants: `maintenanceBlocks`).
 */
export type ResourceState = { id: string; busy: Interval[] };
/** A service's requirement: any one free member, members in the salon's stable order. */
export type ResourceGroup = { id: string; members: ResourceState[] };

/**
 * For a blocked span, the first free member of each group in order (a resource is never picked
 * twice for one appointment), or null when some group has none free. `preferred`: resources the
 * staff chose; a preferred member of a group is taken if free, and a preferred one that is busy
 * makes the pick fail (the staff asked for that one).
 */
export function pickResources(groups: readonly ResourceGroup[], span: Interval, preferred: readonly string[] = []): string[] | null {
  const picked: string[] = [];
  for (const group of groups) {
    const free = (r: ResourceState) => !picked.includes(r.id) && !r.busy.some((b) => intervalsOverlap(span, b));
    const chosen = group.members.find((r) => preferred.includes(r.id));
    const member = chosen ? (free(chosen) ? chosen : undefined) : group.members.find(free);
    if (!member) return null;
    picked.push(member.id);
  }
  return picked;
}

/** The first problem of a resource's fields, or null. */
export function resourceFieldsError(r: { name: string; kind: string }): string | null {
  const name = r.name.trim();
  if (!name || name.length > RESOURCE_NAME_MAX) return STAFF_MSG.resourceNameRequired;
  if (hasControlCharacters(r.name)) return STAFF_MSG.textControlCharacters;
  if (!(RESOURCE_KINDS as readonly string[]).includes(r.kind)) return STAFF_MSG.resourceKindInvalid;
  return null;
}

/**
 * The first problem of a service's buffers and resource groups, or null. `active`: the ids of the
 * salon's active resources (a group names only those, and is never empty).
 */
export function serviceResourcesError(s: { prepMinutes: number; cleanupMinutes: number; resourceGroups: ReadonlyArray<{ resourceIds: readonly string[] }> }, active: ReadonlySet<string>): string | null {
  if (!isBufferMinutes(s.prepMinutes) || !isBufferMinutes(s.cleanupMinutes)) return STAFF_MSG.serviceBuffersInvalid;
  if (s.resourceGroups.length > GROUPS_MAX) return STAFF_MSG.resourceGroupsTooMany;
  for (const g of s.resourceGroups) {
    if (g.resourceIds.length === 0) return STAFF_MSG.resourceGroupEmpty;
    if (g.resourceIds.length > GROUP_MEMBERS_MAX || new Set(g.resourceIds).size !== g.resourceIds.length) return STAFF_MSG.resourceGroupInvalid;
    if (g.resourceIds.some((id) => !active.has(id))) return STAFF_MSG.resourceGroupInactive;
  }
  return null;
}
