import { VISIT_PARTS_MAX, type VisitMode } from '../../domain/visit-fit';
import type { VisitSlotAnswer } from './visit-times';

// The state of a visit planner (ADRs 092, 104, 105) and its rules, one for the booking page's, the
// desk's and the public page's planners (use-visit-plan.ts holds it in React): the parts, how
// they go together, the day and the chosen time. A reducer without React, so that its rules have a
// table (visit-plan.test.ts). What differs on purpose between the screens (the desk's client
// record, the public page's pending choice, the booking page's for-whom client) stays in them.

export type VisitPart = { serviceId: string; professionalId: string };

export type VisitPlan = {
  parts: VisitPart[];
  /** The mode she picked; `planView` says which applies (a service that cannot go at once makes it 'sequence'). */
  wantedMode: VisitMode;
  date: string;
  /** The chosen time; any change to the parts, the mode or the day clears it (its times are asked again). */
  slot: VisitSlotAnswer | null;
};

export type VisitPlanAction =
  | { type: 'add' }
  | { type: 'remove'; index: number }
  /** `doers`: who does the new service, where the screen knows it already (the public page's team); unknown, she is asked again. */
  | { type: 'service'; index: number; serviceId: string; doers?: readonly string[] }
  | { type: 'professional'; index: number; professionalId: string }
  | { type: 'mode'; mode: VisitMode }
  | { type: 'date'; date: string }
  | { type: 'time'; slot: VisitSlotAnswer }
  /** A refusal (the time gone meanwhile, her cap): the time is asked again, the rest of her choice stays. */
  | { type: 'clear-time' };

const EMPTY: VisitPart = { serviceId: '', professionalId: '' };

/** A new visit: the screen's own service (and professional, if one was chosen) and an empty second part. */
export const firstPlan = (first: VisitPart, date: string): VisitPlan => ({
  parts: [{ serviceId: first.serviceId, professionalId: first.professionalId }, { ...EMPTY }],
  wantedMode: 'sequence',
  date,
  slot: null,
});

/** A visit given back (the public page's choice kept through sign-up, or refused at "Confirmar"): its parts, mode and day; the time is asked again. */
export const planFrom = (visit: { parts: readonly VisitPart[]; mode: VisitMode; date: string }): VisitPlan => ({
  parts: visit.parts.map(({ serviceId, professionalId }) => ({ serviceId, professionalId })),
  wantedMode: visit.mode,
  date: visit.date,
  slot: null,
});

/** Who does the part after its service changed: the same professional if she does the new one, else the only one who does, else nobody yet. */
function professionalFor(current: string, doers: readonly string[] | undefined): string {
  if (!doers) return '';
  if (current !== '' && doers.includes(current)) return current;
  return doers.length === 1 ? doers[0]! : '';
}

const withParts = (plan: VisitPlan, parts: VisitPart[]): VisitPlan => ({ ...plan, parts, slot: null });

export function visitPlanReducer(plan: VisitPlan, action: VisitPlanAction): VisitPlan {
  switch (action.type) {
    case 'add':
      return plan.parts.length >= VISIT_PARTS_MAX ? plan : withParts(plan, [...plan.parts, { ...EMPTY }]);
    case 'remove':
      // The first part is the screen's own service: it is changed, never removed.
      return action.index <= 0 || action.index >= plan.parts.length
        ? plan
        : withParts(
            plan,
            plan.parts.filter((_, j) => j !== action.index),
          );
    case 'service': {
      const part = plan.parts[action.index];
      if (!part || part.serviceId === action.serviceId) return plan;
      const next = { serviceId: action.serviceId, professionalId: professionalFor(part.professionalId, action.doers) };
      return withParts(
        plan,
        plan.parts.map((x, j) => (j === action.index ? next : x)),
      );
    }
    case 'professional': {
      const part = plan.parts[action.index];
      if (!part || part.professionalId === action.professionalId) return plan;
      return withParts(
        plan,
        plan.parts.map((x, j) => (j === action.index ? { ...x, professionalId: action.professionalId } : x)),
      );
    }
    case 'mode':
      return plan.wantedMode === action.mode ? plan : { ...plan, wantedMode: action.mode, slot: null };
    case 'date':
      return plan.date === action.date ? plan : { ...plan, date: action.date, slot: null };
    case 'time':
      return { ...plan, slot: action.slot };
    case 'clear-time':
      return plan.slot ? { ...plan, slot: null } : plan;
  }
}

/** What the screens read off a plan: each part's service, whether "A la vez" is offered and which mode applies, whether the times can be asked. */
export function planView<S extends { id: string; parallelAllowed?: boolean }>(plan: VisitPlan, services: readonly S[]) {
  const chosen = plan.parts.map((x) => services.find((s) => s.id === x.serviceId));
  const parallelOffered = chosen.every((s) => s?.parallelAllowed === true);
  return {
    chosen,
    parallelOffered,
    mode: (parallelOffered ? plan.wantedMode : 'sequence') as VisitMode,
    /** Every part has its service and its professional: the times where all fit can be asked. */
    ready: plan.parts.every((x) => x.serviceId !== '' && x.professionalId !== ''),
    /** The services already in the visit: another part does not offer them. */
    taken: new Set(plan.parts.map((x) => x.serviceId)),
    canAdd: plan.parts.length < VISIT_PARTS_MAX,
  };
}
