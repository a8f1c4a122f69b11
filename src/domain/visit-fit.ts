import { availableSlots, dayPlan, type AvailabilityInput } from './availability';
import type { Interval } from './booking-rules';
import { blockedSpan, NO_BUFFERS, type ResourceGroup } from './resources';
import type { Slot } from './slots';
import { toMinutes } from './weekly-schedule';

// Several services in one visit (ADR 082): the times at which ALL of them fit, asked of THE
// availability rule (availability.ts) part by part, so a visit is offered only where each of its
// parts would be bookable on its own, and no two parts hold the same professional or the same
// cabin at once.
//   'sequence': back to back, in the order chosen; with the same professional the next part
//               starts after her cleaning and preparation (what the exclusion constraint holds).
//   'parallel': all at the visit's start, each with another professional, only when every
//               service allows it ("Se puede hacer a la vez que otro servicio").

export const VISIT_PARTS_MAX = 3;
export const VISIT_MODES = ['sequence', 'parallel'] as const;
export type VisitMode = (typeof VISIT_MODES)[number];

/** One service of the visit: who does it, whether it may run alongside another, and her day as the rule reads it (dayInput). */
export type VisitPartInput = { professional: string; parallelAllowed: boolean; day: AvailabilityInput };

export type VisitPartSlot = { start: Date; end: Date; resourceIds?: string[] };
/** A visit's offered time: the first part's grid label and instant, and where each part falls. */
export type VisitSlot = { time: string; start: Date; parts: VisitPartSlot[] };

export type VisitModeProblem = 'too_few' | 'too_many' | 'parallel_not_allowed' | 'parallel_same_professional';

/** Why these parts cannot be booked this way, or null. */
export function visitModeProblem(parts: ReadonlyArray<Pick<VisitPartInput, 'professional' | 'parallelAllowed'>>, mode: VisitMode): VisitModeProblem | null {
  if (parts.length < 2) return 'too_few';
  if (parts.length > VISIT_PARTS_MAX) return 'too_many';
  if (mode === 'sequence') return null;
  if (!parts.every((p) => p.parallelAllowed)) return 'parallel_not_allowed';
  if (new Set(parts.map((p) => p.professional)).size < parts.length) return 'parallel_same_professional';
  return null;
}

const MINUTE_MS = 60_000;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The step of the grid later parts are asked on: every start a visit can give them is the first
 * part's grid plus durations and buffers, so the greatest common divisor of those (and of each
 * day's opening minute) lands on all of them without asking minute by minute.
 */
function fineStep(parts: readonly VisitPartInput[]): number {
  const minutes = parts.flatMap((p) => {
    const plan = dayPlan(p.day.date, p.day.weekly, p.day.exceptions, p.day.tz);
    const b = p.day.buffers ?? NO_BUFFERS;
    return [p.day.intervalMinutes, p.day.durationMinutes, b.prepMinutes, b.cleanupMinutes, plan.day.isWorkingDay ? toMinutes(plan.day.startTime) : 0];
  });
  return minutes.filter((m) => Number.isInteger(m) && m > 0).reduce(gcd, 0) || 1;
}

/** The part's groups with what the visit's earlier parts hold of each member added to its busy time. */
const withHeld = (groups: readonly ResourceGroup[], held: ReadonlyMap<string, Interval[]>): ResourceGroup[] =>
  groups.map((g) => ({ id: g.id, members: g.members.map((m) => ({ id: m.id, busy: [...m.busy, ...(held.get(m.id) ?? [])] })) }));

/** Where part `i` starts, given where the earlier ones fell. */
function startOf(parts: readonly VisitPartInput[], placed: readonly VisitPartSlot[], i: number, mode: VisitMode, visitStart: Date): Date {
  if (mode === 'parallel') return visitStart;
  const prev = placed[i - 1]!;
  if (parts[i - 1]!.professional !== parts[i]!.professional) return prev.end;
  const gap = (parts[i - 1]!.day.buffers ?? NO_BUFFERS).cleanupMinutes + (parts[i]!.day.buffers ?? NO_BUFFERS).prepMinutes;
  return new Date(prev.end.getTime() + gap * MINUTE_MS);
}

/** Every time the visit may start, in order (none when `visitModeProblem` objects). */
export function visitSlots(parts: readonly VisitPartInput[], mode: VisitMode): VisitSlot[] {
  if (visitModeProblem(parts, mode)) return [];
  const step = fineStep(parts);
  const out: VisitSlot[] = [];
  for (const first of availableSlots(parts[0]!.day)) {
    const placed = placeParts(parts, mode, first, step);
    if (placed) out.push({ time: first.time, start: first.start, parts: placed });
  }
  return out;
}

/** The visit starting at `time` (a label of the first part's grid), if all its parts fit then. */
export function visitSlotAt(parts: readonly VisitPartInput[], mode: VisitMode, time: string): VisitSlot | undefined {
  return visitSlots(parts, mode).find((s) => s.time === time);
}

function placeParts(parts: readonly VisitPartInput[], mode: VisitMode, first: Slot, step: number): VisitPartSlot[] | null {
  const placed: VisitPartSlot[] = [{ start: first.start, end: first.end, resourceIds: first.resourceIds }];
  const heldByProfessional = new Map<string, Interval[]>();
  const heldResources = new Map<string, Interval[]>();
  const hold = (i: number, s: VisitPartSlot) => {
    const span = blockedSpan(s, parts[i]!.day.buffers ?? NO_BUFFERS);
    const who = parts[i]!.professional;
    heldByProfessional.set(who, [...(heldByProfessional.get(who) ?? []), span]);
    for (const r of s.resourceIds ?? []) heldResources.set(r, [...(heldResources.get(r) ?? []), span]);
  };
  hold(0, placed[0]!);
  for (let i = 1; i < parts.length; i++) {
    const start = startOf(parts, placed, i, mode, first.start);
    const day = parts[i]!.day;
    const offered = availableSlots({
      ...day,
      intervalMinutes: step,
      busy: [...day.busy, ...(heldByProfessional.get(parts[i]!.professional) ?? [])],
      resources: withHeld(day.resources ?? [], heldResources),
    });
    const slot = offered.find((s) => s.start.getTime() === start.getTime());
    if (!slot) return null;
    placed.push({ start: slot.start, end: slot.end, resourceIds: slot.resourceIds });
    hold(i, placed[i]!);
  }
  return placed;
}
