import { useSyncExternalStore } from 'react';

// Whether the staff on the booking page are booking for a client ("¿Para quién es la cita?",
// docs/decisions/087). The page's notices speak to "tú" about the signed-in person (her cap of
// visits, "Avísame" for her, her bono's sessions): while she books for someone else they are
// about the wrong person, so they step aside. Imported by those lazy chunks and the staff's
// for-whom chunk only, never by the page's first view (test/bundle-budget.test.ts).

let forOther = false;
const listeners = new Set<() => void>();

export function setBookingForOther(value: boolean) {
  if (value === forOther) return;
  forOther = value;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** True while the staff's choice is "Para un cliente". */
export function useBookingForOther(): boolean {
  return useSyncExternalStore(subscribe, () => forOther, () => false);
}
