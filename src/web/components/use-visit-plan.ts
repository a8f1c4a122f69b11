import { useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import type { VisitMode } from '../../domain/visit-fit';
import { planView, visitPlanReducer, type VisitPart, type VisitPlan, type VisitPlanAction } from './visit-plan';
import type { VisitSlotAnswer } from './visit-times';

// A visit planner's state in React (visit-plan.ts holds the rules): the booking page's, the desk's
// and the public page's planners (ADRs 092, 104, 105) draw it with the shared visit pieces.

/**
 * `start` gives the plan it opens with (firstPlan, or planFrom a visit given back); `services` are
 * the screen's services (their `parallelAllowed`); `onPartsChange` runs when a part is added,
 * removed or changed (the screen clears what its last refusal said).
 */
export function useVisitPlan<S extends { id: string; parallelAllowed?: boolean }>(
  start: () => VisitPlan,
  services: readonly S[],
  onPartsChange?: () => void,
) {
  const [plan, dispatch] = useReducer(visitPlanReducer, undefined, start);
  const view = useMemo(() => planView(plan, services), [plan, services]);
  // The actions stay the same functions from render to render (a screen may list one in an effect's dependencies).
  const latest = useRef({ onPartsChange, count: plan.parts.length });
  useLayoutEffect(() => {
    latest.current = { onPartsChange, count: plan.parts.length };
  });
  const actions = useMemo(() => {
    const parts = (action: VisitPlanAction) => {
      dispatch(action);
      latest.current.onPartsChange?.();
    };
    return {
      add: () => parts({ type: 'add' }),
      /** A part's service; `doers` where the screen knows who does it (else her professional is asked again). */
      setService: (index: number, serviceId: string, doers?: readonly string[]) => parts({ type: 'service', index, serviceId, doers }),
      setProfessional: (index: number, professionalId: string) => parts({ type: 'professional', index, professionalId }),
      /**
       * "Quitar" for part `index`: none for the first (the screen's own service); with two parts,
       * removing one leaves no visit, and the screen goes back to one service (`toSingle`).
       */
      removal: (index: number, toSingle: () => void) =>
        index === 0 ? undefined : () => (latest.current.count === 2 ? toSingle() : parts({ type: 'remove', index })),
      setMode: (mode: VisitMode) => dispatch({ type: 'mode', mode }),
      setDate: (date: string) => dispatch({ type: 'date', date }),
      setTime: (slot: VisitSlotAnswer) => dispatch({ type: 'time', slot }),
      clearTime: () => dispatch({ type: 'clear-time' }),
    };
  }, []);
  return { ...plan, ...view, ...actions };
}

export type { VisitPart };
