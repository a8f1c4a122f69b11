import { canEmployeeMark } from '../../../domain/appointment-status';
import { formatPhone } from '../../../domain/phone';
import { addDays, SALON_TIME_ZONE, wallClockToInstant } from '../../../domain/salon-time';
import { todayInSalon } from '../../lib/salon-today';

// What a glance at the agenda should tell (DESIGN.md: "a glance tells what comes next"), as pure
// functions of the list and the clock so they are tested without a browser.

export type Timed = { id: string; status: string; startTime: Date; endTime: Date };

export type Highlight = 'now' | 'next';

/**
 * On the salon's today: confirmed appointments running now are 'now'; the first confirmed one
 * still to start is 'next'. Other days, or a day with nothing left, highlight nothing.
 */
export function highlights(list: readonly Timed[], nowMs: number, date: string): Map<string, Highlight> {
  const out = new Map<string, Highlight>();
  if (date !== todayInSalon(nowMs)) return out;
  const confirmed = list.filter((a) => a.status === 'confirmed');
  for (const a of confirmed) {
    if (a.startTime.getTime() <= nowMs && nowMs < a.endTime.getTime()) out.set(a.id, 'now');
  }
  const next = confirmed.filter((a) => a.startTime.getTime() > nowMs).sort((x, y) => x.startTime.getTime() - y.startTime.getTime())[0];
  if (next) out.set(next.id, 'next');
  return out;
}

/** Both employee marks are allowed at once or not at all (confirmed and started). */
export function canMark(a: Timed, nowMs: number): boolean {
  return canEmployeeMark(a, 'completed', nowMs).ok;
}

/** "en 25 min", "en 1 h", "en 2 h 10 min": how long until `startMs`, rounded up to the minute. */
export function startsIn(startMs: number, nowMs: number): string {
  const minutes = Math.max(1, Math.ceil((startMs - nowMs) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `en ${m} min`;
  return m === 0 ? `en ${h} h` : `en ${h} h ${m} min`;
}

export const shiftDay = (date: string, n: number) => addDays(date, n);

/** Noon of a salon date: a safe instant to format that date with (no DST edge near it). */
export const noonOf = (date: string) => wallClockToInstant(date, '12:00', SALON_TIME_ZONE)!;

export type ContactLink = { kind: 'email' | 'phone'; href: string; text: string };

/**
 * How the card lets the professional reach the client: a mailto: link only for a real address (a
 * client record with a phone only has none, a deleted account neither), a tel: link (tap to call)
 * for the record's phone, shown as "612 34 56 78".
 */
export function clientContact(a: { clientEmail: string | null; clientPhone: string | null }): ContactLink[] {
  const out: ContactLink[] = [];
  if (a.clientEmail) out.push({ kind: 'email', href: `mailto:${a.clientEmail}`, text: a.clientEmail });
  if (a.clientPhone) out.push({ kind: 'phone', href: `tel:${a.clientPhone}`, text: formatPhone(a.clientPhone) });
  return out;
}

/**
 * Where the agenda opens (ADR 067): the first visit in progress, else the next one; undefined
 * when neither (another day, or a day that is over), and the page stays at its top.
 */
export function openingVisit(list: readonly { id: string }[], marks: ReadonlyMap<string, Highlight>): string | undefined {
  return list.find((a) => marks.get(a.id) === 'now')?.id ?? list.find((a) => marks.get(a.id) === 'next')?.id;
}
