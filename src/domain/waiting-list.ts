// The waiting list ("Lista de espera", ADR 070-073): what a client waits for, and which freed
// time is offered to her. Pure: the entry, the freed span and the times the availability rule
// offers that day come in; the one time to offer (or none) comes out. Whether the time really
// fits (her service's length, the professional's hours, breaks, closures, cabins, other visits)
// is the availability rule's answer, passed in as `offered`: this rule never computes slots.

import { salonTimeText } from './notification-rules';
import { salonDayText } from './phone-messages';
import { WAITING_MSG } from './texts/waiting-list';

/** Mañana, tarde or cualquiera: the part of the day she can come. */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'any'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];
export const isPartOfDay = (v: unknown): v is PartOfDay => (PARTS_OF_DAY as readonly unknown[]).includes(v);

/** Their labels, as the client and the desk read them. */
export const PART_OF_DAY_LABEL: Record<PartOfDay, string> = { morning: 'Mañana', afternoon: 'Tarde', any: 'Cualquier hora' };

/** Where the salon's afternoon starts: a visit starting at 14:00 or later is "tarde". */
export const AFTERNOON_FROM = '14:00';

/** The longest span of days one entry may cover (a salon's list is for the weeks ahead, not the year). */
export const MAX_WAITING_DAYS = 31;

/** How many entries one client may keep waiting at once (a list is not a booking engine). */
export const MAX_OPEN_ENTRIES = 5;

export type WaitingEntry = {
  serviceId: string;
  /** The professional's employee record id, or null for anyone who does the service. */
  employeeId: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  /** An hours range she can come in (HH:MM, a visit starting from `fromTime` and before `toTime`), or null: her part of the day alone. */
  fromTime?: string | null;
  toTime?: string | null;
};

/** A time freed on one professional's day: its span (instants). */
export type FreedTime = { employeeId: string; date: string; start: Date; end: Date };

/** A time the availability rule offers for her service that day, with its instant. */
export type OfferedTime = { time: string; start: Date };

export const fitsPartOfDay = (time: string, part: PartOfDay) =>
  part === 'any' || (part === 'morning' ? time < AFTERNOON_FROM : time >= AFTERNOON_FROM);

/**
 * Whether a visit starting at `time` suits her: in her part of the day and, when she gave an hours
 * range ("de 16:00 a 18:00"), starting inside it (ADR 090: the start, as the salon's times are
 * offered by their start; the end is the service's length, which she knows when she books).
 */
export const fitsHours = (time: string, e: Pick<WaitingEntry, 'partOfDay' | 'fromTime' | 'toTime'>) =>
  fitsPartOfDay(time, e.partOfDay) && (!e.fromTime || time >= e.fromTime) && (!e.toTime || time < e.toTime);

/** Whether the entry asks for this service, this professional (or anyone) and this day. */
export function entryCovers(entry: WaitingEntry, q: { serviceId: string; employeeId: string; date: string }): boolean {
  return (
    entry.serviceId === q.serviceId &&
    (entry.employeeId === null || entry.employeeId === q.employeeId) &&
    entry.fromDate <= q.date &&
    q.date <= entry.toDate
  );
}

/**
 * The time to offer her from a freed span: the first of the offered times (the availability
 * rule's, for her service with that professional that day) that starts inside the freed span and
 * in her part of the day, and is not already past. Null: nothing there fits her.
 * A time that starts inside the freed span is one the cancellation or move made possible; one
 * outside it was free before and is not "the time that freed up".
 */
export function timeToOffer(entry: WaitingEntry, freed: FreedTime, offered: readonly OfferedTime[], now: Date): OfferedTime | null {
  if (freed.date < entry.fromDate || freed.date > entry.toDate) return null;
  if (entry.employeeId !== null && entry.employeeId !== freed.employeeId) return null;
  const fits = offered
    .filter((t) => t.start >= freed.start && t.start < freed.end && t.start > now && fitsHours(t.time, entry))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  return fits[0] ?? null;
}

/** An entry is over after its last day (the salon's calendar day). */
export const entryExpired = (toDate: string, today: string) => toDate < today;

/** The problem with what she asks for, in Spanish, or null. `today`: the salon's date. */
export function entryProblem(
  e: { fromDate: string; toDate: string; fromTime?: string | null; toTime?: string | null },
  today: string,
  horizonLastDay: string | null,
): string | null {
  if (!e.fromTime !== !e.toTime || (e.fromTime && e.toTime && e.toTime <= e.fromTime)) return WAITING_MSG.hoursBackwards;
  if (e.toDate < e.fromDate) return WAITING_MSG.rangeBackwards;
  if (e.toDate < today) return WAITING_MSG.rangePast;
  if (daysBetween(e.fromDate, e.toDate) + 1 > MAX_WAITING_DAYS) return WAITING_MSG.rangeTooLong;
  if (horizonLastDay !== null && e.fromDate > horizonLastDay) return WAITING_MSG.beyondHorizon;
  return null;
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** What an offer's message may carry, and nothing more: never her notes or any health data. */
export type OfferFacts = { serviceName: string; start: Date; salonName: string };

/** The SMS (and the email's first line): the freed time and the link that books it. */
export function offerText(v: OfferFacts, link: string): string {
  return `${v.salonName}: se ha liberado un hueco de ${v.serviceName} el ${salonDayText(v.start)} a las ${salonTimeText(v.start)}. Si lo quieres, resérvalo aquí (el primero que lo reserve se lo queda): ${link}`;
}

/** The WhatsApp template's body parameters (docs/operations.md, "auna_hueco_libre"): service, day, time, link. */
export const offerTemplateParameters = (v: OfferFacts, link: string): [string, string, string, string] => [
  v.serviceName,
  salonDayText(v.start),
  salonTimeText(v.start),
  link,
];

/** The WhatsApp template the salon creates in Meta's manager for the waiting list's offers. */
export const OFFER_TEMPLATE = 'auna_hueco_libre';

const dayMonth = (d: string) => `${Number(d.slice(8, 10))}/${Number(d.slice(5, 7))}`;

/** When she can come, as the desk's list and her own list say it: "del 10/3 al 12/3 · de 16:00 a 18:00". */
export function entryWhenText(e: Pick<WaitingEntry, 'fromDate' | 'toDate' | 'partOfDay' | 'fromTime' | 'toTime'>): string {
  const days = e.fromDate === e.toDate ? `el ${dayMonth(e.fromDate)}` : `del ${dayMonth(e.fromDate)} al ${dayMonth(e.toDate)}`;
  return `${days} · ${entryHoursText(e)}`;
}

/** The hours she can come: "mañana", "de 16:00 a 18:00", "tarde, de 13:00 a 18:00". */
export function entryHoursText(e: Pick<WaitingEntry, 'partOfDay' | 'fromTime' | 'toTime'>): string {
  const part = PART_OF_DAY_LABEL[e.partOfDay].toLowerCase();
  if (!e.fromTime || !e.toTime) return part;
  const hours = `de ${e.fromTime} a ${e.toTime}`;
  return e.partOfDay === 'any' ? hours : `${part}, ${hours}`;
}
