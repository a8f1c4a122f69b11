import { addDays, salonDateOf, SALON_TIME_ZONE, spanishDate, toEpochMs, type InstantLike } from './calendar-date';
import { CONSENT_MSG } from './consents';
import type { Role } from './roles';

// Who may read a client's health answers, who may witness her signature, and what her consent link
// still opens (docs/decisions/051-health-data-need-to-know.md, RGPD art. 9 and 5.1.c: need-to-know).
// Pure rules: the server gathers the facts (her visits, the templates their services require, the
// salon's day) and asks these; the web asks the same window to say when the answers open.

/**
 * A professional reads a client's answers for a visit she treats from the start of the salon day
 * two days before it (when she prepares her next days; the consent reminder goes 48 h before, so
 * most answers arrive then) until the end of the day after it (to finish her notes).
 */
export const HEALTH_READ_DAYS_BEFORE = 2;
export const HEALTH_READ_DAYS_AFTER = 1;

/**
 * What the privacy notice says about who reads her answers (privacy room): the rule above and what
 * the server logs, in one sentence kept beside the rule (health-access.test.ts holds them together).
 */
export const HEALTH_ACCESS_NOTICE =
  'Las ven solo la dirección del salón y la profesional que te atiende, para tu cita de ese tratamiento: desde dos días antes hasta el día siguiente. ' +
  'Cada vez que alguien del salón abre tus respuestas o tu documento firmado, o alguien lo intenta sin permiso, queda registrado quién y cuándo; ' +
  'las agendas y listas del salón solo dicen si hay contraindicaciones, no cuáles.';

/**
 * What the signing page tells her before she answers: the same rule, short. (Her own export of her
 * data is not logged, being hers: so the notice says "alguien del salón", and this "quién las abre"
 * speaks of the others.)
 */
export const HEALTH_ACCESS_SIGNING =
  'Tus respuestas solo las ven tu profesional, desde dos días antes de tu cita hasta el día siguiente, y la dirección del salón; queda registrado quién las abre.';

/**
 * What happens to them when she deletes her account (the documents are kept, ADR 041): nobody new
 * gains access, her future visits being cancelled, so her professional's window closes the day
 * after her last visit.
 */
export const HEALTH_ACCESS_AFTER_DELETION =
  'Si eliminas tu cuenta, los consentimientos firmados se conservan hasta que pase ese plazo, visibles solo para la dirección del salón (y para la profesional que te atendió, hasta el día siguiente de tu cita), y luego se borran.';

/** The salon days (inclusive) a visit on `day` opens its client's answers to her professional. */
export function healthReadWindow(day: string): { from: string; until: string } {
  return { from: addDays(day, -HEALTH_READ_DAYS_BEFORE), until: addDays(day, HEALTH_READ_DAYS_AFTER) };
}

/** Statuses of a visit she will treat or has treated: not cancelled, not a no-show. */
const TREATED = new Set(['confirmed', 'completed']);

/** A visit of the client, as the rule needs it: who treats it, its salon day, the consent templates its service requires. */
export type HealthVisit = { id: string; employeeUserId: string; status: string; day: string; requiredTemplateIds: readonly string[] };

export type HealthReader = { role: Role; userId: string };

export type HealthReadDecision =
  | { allowed: true; via: 'admin' | 'own' | 'visit'; appointmentId?: string }
  | { allowed: false; reason: 'not_treating' | 'not_yet' | 'too_late'; opensOn?: string };

/**
 * Whether `reader` may read a signed document on `templateId` of a client, today (salon day):
 * the admin always; the client her own; a professional only for a visit of hers, confirmed or
 * completed, whose service requires that consent, within its window (healthReadWindow). Booking
 * her a manicure opens nothing of a laser consent; a hair appointment opens nothing at all.
 */
export function healthReadDecision(
  reader: HealthReader,
  doc: { templateId: string; clientUserId: string | null },
  visits: readonly HealthVisit[],
  today: string,
): HealthReadDecision {
  if (reader.role === 'admin') return { allowed: true, via: 'admin' };
  if (doc.clientUserId !== null && doc.clientUserId === reader.userId) return { allowed: true, via: 'own' };
  if (reader.role !== 'employee') return { allowed: false, reason: 'not_treating' };
  const hers = visits
    .filter((v) => v.employeeUserId === reader.userId && TREATED.has(v.status) && v.requiredTemplateIds.includes(doc.templateId))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (hers.length === 0) return { allowed: false, reason: 'not_treating' };
  const open = hers.find((v) => {
    const w = healthReadWindow(v.day);
    return w.from <= today && today <= w.until;
  });
  if (open) return { allowed: true, via: 'visit', appointmentId: open.id };
  const next = hers.find((v) => healthReadWindow(v.day).from > today);
  return next ? { allowed: false, reason: 'not_yet', opensOn: healthReadWindow(next.day).from } : { allowed: false, reason: 'too_late' };
}

/** Whether she has a visit today whose window is open and whose service asks for a consent: her client's list of consents is hers to see. */
export function hasOpenHealthVisit(reader: HealthReader, visits: readonly HealthVisit[], today: string): boolean {
  return visits.some((v) => {
    const w = healthReadWindow(v.day);
    return (
      v.employeeUserId === reader.userId && TREATED.has(v.status) && v.requiredTemplateIds.length > 0 && w.from <= today && today <= w.until
    );
  });
}

/** What a refused professional is told, in Spanish: why, and when the answers open if they will. */
export function healthReadRefusal(d: Extract<HealthReadDecision, { allowed: false }>): string {
  if (d.reason === 'not_yet' && d.opensOn)
    return `Podrás ver sus respuestas desde el ${spanishDate(d.opensOn)}, dos días antes de su cita.`;
  if (d.reason === 'too_late') return CONSENT_MSG.readTooLate;
  return CONSENT_MSG.notYourClient;
}

/**
 * Who may witness a signature at reception ("Firmar en recepción") for a visit: the admin and the
 * receptionist any (ADR 063: witnessing shows no answers, healthReadDecision still refuses her);
 * a professional only the visits she treats (the Record makes TypeScript ask for every role).
 */
const WITNESS: Record<Role, 'any' | 'own' | 'none'> = {
  admin: 'any',
  receptionist: 'any',
  employee: 'own',
  client: 'none',
};

export function mayWitness(role: Role, userId: string, visit: { employeeUserId: string }): boolean {
  const rule = WITNESS[role];
  return rule === 'any' || (rule === 'own' && visit.employeeUserId === userId);
}

/**
 * What her "Firma tu consentimiento" link opens now: the form to sign while the visit is confirmed
 * and has not ended; only the visit's own signed documents (to download) until the end of the
 * visit's salon day, if it was not cancelled; nothing after, nor once the visit is cancelled.
 */
export function consentLinkAccess(
  a: { status: string; startTime: InstantLike; endTime: InstantLike },
  now: InstantLike,
): 'sign' | 'read' | 'closed' {
  if (a.status === 'confirmed' && toEpochMs(a.endTime) > toEpochMs(now)) return 'sign';
  if (TREATED.has(a.status) && salonDateOf(now, SALON_TIME_ZONE) <= salonDateOf(a.startTime, SALON_TIME_ZONE)) return 'read';
  return 'closed';
}
