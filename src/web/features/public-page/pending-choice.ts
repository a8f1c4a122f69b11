// The client's choice on the public page, kept across sign-up, sign-in and Google's redirect
// (ADR 078): in this tab's sessionStorage, which survives the trip to Google and back, ends with
// the tab and holds nothing the server trusts (the booking is POST /api/booking, signed in, with
// every rule of a client's own booking). Read only in the browser, after hydration.

export type Choice = {
  serviceId: string;
  serviceName: string;
  professionalId: string;
  professionalName: string;
  date: string;
  time: string;
  notes: string;
};

const KEY = 'auna:reserva';
const FIELDS = ['serviceId', 'serviceName', 'professionalId', 'professionalName', 'date', 'time', 'notes'] as const;

export function saveChoice(choice: Choice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Storage off (a private window's quota): the choice is lost after signing in, not the page.
  }
}

/** The kept choice, or null (none, or not one we wrote). */
export function readChoice(): Choice | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || !FIELDS.every((f) => typeof v[f] === 'string')) return null;
    return Object.fromEntries(FIELDS.map((f) => [f, v[f]])) as Choice;
  } catch {
    return null;
  }
}

export function clearChoice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
