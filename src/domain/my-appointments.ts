import { cancelDeadline, type BadgeTone } from './appointment-status';
import { addDays, isoDayOfWeek, salonDateOf, salonMinuteOf, SALON_TIME_ZONE, toEpochMs, type InstantLike } from './calendar-date';

// Mis Citas as she reads it (docs/decisions/074): "Próximas" first, soonest first, then
// "Anteriores" in the spec's newest-first order; until when she may cancel in the app
// (docs/decisions/075). Pure, and light enough for her first view (no Temporal: Intl only).

type Visit = { status: string; startTime: Date; endTime: Date };

/** "Próximas": a confirmed visit that has not ended yet. Everything else (done, missed, cancelled, or past and not closed) is "Anteriores". */
export function isUpcoming(a: Visit, now: InstantLike): boolean {
  return a.status === 'confirmed' && a.endTime.getTime() > toEpochMs(now);
}

/**
 * The page's order: upcoming soonest first, then the rest newest first (SPEC §7's order, kept for
 * the history). Ties keep the order they came in (the query's, which breaks them by creation).
 */
export function inDisplayOrder<T extends Visit>(rows: readonly T[], now: InstantLike): Array<T & { upcoming: boolean }> {
  const tagged = rows.map((a, i) => ({ a: { ...a, upcoming: isUpcoming(a, now) }, i }));
  const at = (x: (typeof tagged)[number]) => x.a.startTime.getTime();
  const upcoming = tagged.filter((x) => x.a.upcoming).sort((x, y) => at(x) - at(y) || x.i - y.i);
  const past = tagged.filter((x) => !x.a.upcoming).sort((x, y) => at(y) - at(x) || x.i - y.i);
  return [...upcoming, ...past].map((x) => x.a);
}

/**
 * Her badge on a card. A confirmed visit whose time has passed and that the salon has not marked
 * yet is not "Confirmada" any more: it reads "Pendiente de cerrar" in the spec's 'pending' look.
 */
export function clientCardBadge(a: Visit, now: InstantLike): { label: string; tone: BadgeTone } | null {
  return a.status === 'confirmed' && !isUpcoming(a, now) ? { label: 'Pendiente de cerrar', tone: 'pending' } : null;
}

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * A moment as a Spanish sentence reads it from `now`, on the salon's wall clock: "hoy a las 10:00",
 * "mañana a las 9:30"… "el lunes a las 10:00" within the coming week, "el lunes 7 de diciembre a
 * las 10:00" further away. "a la 1:00" for one o'clock.
 */
export function momentWords(at: InstantLike, now: InstantLike, tz: string = SALON_TIME_ZONE): string {
  const day = salonDateOf(at, tz);
  const today = salonDateOf(now, tz);
  const minute = salonMinuteOf(at, tz);
  const time = `${Math.floor(minute / 60) === 1 ? 'a la' : 'a las'} ${clock(minute)}`;
  if (day === today) return `hoy ${time}`;
  if (day === addDays(today, 1)) return `mañana ${time}`;
  const weekday = WEEKDAYS[isoDayOfWeek(day) - 1]!;
  if (day > today && day <= addDays(today, 6)) return `el ${weekday} ${time}`;
  const [, m, d] = day.split('-').map(Number) as [number, number, number];
  return `el ${weekday} ${d} de ${MONTHS[m - 1]} ${time}`;
}

export type CancelNote = { kind: 'until'; text: string } | { kind: 'call'; text: string };

/**
 * What an upcoming card says of cancelling (docs/decisions/075): until when the app lets her,
 * or, inside the salon's window, that she calls instead. The refusal itself stays the spec's text
 * (MSG.cancelTooLate) and comes only after she presses 'Cancelar Cita'.
 */
export function cancelNote(
  a: { status: string; startTime: Date },
  now: InstantLike,
  policyHours: number,
  hasPhone: boolean,
): CancelNote | null {
  if (a.status !== 'confirmed' || a.startTime.getTime() <= toEpochMs(now)) return null;
  const deadline = cancelDeadline(a.startTime, policyHours);
  if (deadline.getTime() >= toEpochMs(now)) return { kind: 'until', text: `Puedes cancelarla hasta ${momentWords(deadline, now)}.` };
  return {
    kind: 'call',
    text: hasPhone
      ? 'Ya no puedes cancelarla en la app. Si no puedes venir, llama al salón:'
      : 'Ya no puedes cancelarla en la app. Si no puedes venir, avisa al salón.',
  };
}
