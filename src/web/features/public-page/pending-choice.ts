import { isValidIsoDate } from '../../../domain/calendar-date';

// The client's choice on the public page, kept across sign-up, sign-in and Google's redirect
// (ADR 078): in this tab's sessionStorage, which survives the trip to Google and back, ends with
// the tab and holds nothing the server trusts (the booking is POST /api/booking or, for a visit of
// several services, POST /api/booking/visits, signed in, with every rule of a client's own
// booking). Read only in the browser, after hydration.
//
// What is stored carries a version (ADR 105): a choice written by another version of the page, or
// edited by hand, is read as no choice, never as a crash or a half-filled card.

export type Choice = {
  serviceId: string;
  serviceName: string;
  professionalId: string;
  professionalName: string;
  date: string;
  time: string;
  notes: string;
};

/** One service of a visit, with who does it (names for the card, ids for the booking). */
export type VisitChoicePart = { serviceId: string; serviceName: string; professionalId: string; professionalName: string };
export type VisitChoice = { parts: VisitChoicePart[]; mode: 'sequence' | 'parallel'; date: string; time: string; notes: string };

/** What "Confirmar" keeps: one service, or a visit of several (ADR 105). */
export type KeptChoice = ({ kind: 'single' } & Choice) | ({ kind: 'visit' } & VisitChoice);

const KEY = 'auna:reserva';
/** The stored shape's version: a stored choice of any other is ignored. */
export const CHOICE_VERSION = 2;
const PARTS_MAX = 3;

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const id = (v: unknown): v is string => text(v, 100) && v.trim() !== '';
const TIME = /^\d{2}:\d{2}$/;
const when = (v: Record<string, unknown>) =>
  typeof v.date === 'string' && isValidIsoDate(v.date) && typeof v.time === 'string' && TIME.test(v.time) && text(v.notes, 2000);
const named = (v: Record<string, unknown>) =>
  id(v.serviceId) && text(v.serviceName, 200) && id(v.professionalId) && text(v.professionalName, 200);
const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const pick = <K extends string>(v: Record<string, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, v[k]])) as Record<K, string>;
const PART_KEYS = ['serviceId', 'serviceName', 'professionalId', 'professionalName'] as const;
const WHEN_KEYS = ['date', 'time', 'notes'] as const;

/** The stored text as a choice, or null: not JSON, another version, a missing or wrong field, too many parts. */
export function parseChoice(raw: string | null): KeptChoice | null {
  let v: unknown;
  try {
    v = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  if (!record(v) || v.v !== CHOICE_VERSION || !when(v)) return null;
  if (v.kind === 'single') return named(v) ? { kind: 'single', ...pick(v, PART_KEYS), ...pick(v, WHEN_KEYS) } : null;
  if (v.kind !== 'visit' || (v.mode !== 'sequence' && v.mode !== 'parallel') || !Array.isArray(v.parts)) return null;
  const parts: unknown[] = v.parts;
  if (parts.length < 2 || parts.length > PARTS_MAX || !parts.every((p) => record(p) && named(p))) return null;
  return {
    kind: 'visit',
    parts: (parts as Array<Record<string, unknown>>).map((p) => pick(p, PART_KEYS)),
    mode: v.mode,
    ...pick(v, WHEN_KEYS),
  };
}

export function saveChoice(choice: KeptChoice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ v: CHOICE_VERSION, ...choice }));
  } catch {
    // Storage off (a private window's quota): the choice is lost after signing in, not the page.
  }
}

/** The kept choice, or null (none, or not one this page wrote). */
export function readChoice(): KeptChoice | null {
  try {
    return parseChoice(sessionStorage.getItem(KEY));
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
