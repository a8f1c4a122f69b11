import { badgeTone, isBlockingStatus } from './appointment-status';
import { sumEuros } from './money';
import { salonDateOf, toEpochMs, type InstantLike } from './salon-time';

// The admin dashboard's figures (SPEC §2 "Admin dashboard"). "Today" is the salon's calendar
// day, not the server's or the browser's: at 23:30 UTC in winter it is already tomorrow in Madrid.

export type DashboardStats = {
  /** Today's confirmed or completed appointments. */
  todayCount: number;
  /** Sum of their prices in euros (added in cents). */
  potentialRevenue: number;
  /** The completed ones among them ("completed / count" on the card). */
  completedCount: number;
};

type Priced = { status: string; startTime: Date; price: number };

export function computeDashboardStats(
  appointments: readonly Priced[],
  now: InstantLike,
  tz: string,
): DashboardStats {
  const today = salonDateOf(now, tz);
  const counted = appointments.filter(
    (a) => isBlockingStatus(a.status) && salonDateOf(a.startTime, tz) === today,
  );
  return {
    todayCount: counted.length,
    potentialRevenue: sumEuros(counted.map((a) => a.price)),
    completedCount: counted.filter((a) => a.status === 'completed').length,
  };
}

/**
 * The 'Próxima Cita' card: the earliest confirmed appointment starting after now (one starting
 * this very millisecond is already under way). On a tie the first in the list wins.
 */
export function nextAppointment<T extends { status: string; startTime: Date }>(
  list: readonly T[],
  now: InstantLike,
): T | null {
  const nowMs = toEpochMs(now);
  let best: T | null = null;
  for (const a of list) {
    if (a.status !== 'confirmed' || a.startTime.getTime() <= nowMs) continue;
    if (!best || a.startTime.getTime() < best.startTime.getTime()) best = a;
  }
  return best;
}

/** What 'Citas de Hoy' leaves out, in the words of the badges beside them (one form, then many). */
const LEFT_OUT = [
  ['cancelled', 'cancelada', 'canceladas'],
  ['no_show', 'no asistió', 'no asistieron'],
  ['pending', 'pendiente', 'pendientes'],
] as const;

/**
 * The count beside 'Agenda de Hoy', which lists every appointment of the day: how many, and those
 * 'Citas de Hoy' does not count (it counts confirmed and completed ones only), by status, so the
 * two figures read together: '32 citas · 2 canceladas' beside 30, '3 citas · 1 cancelada, 1 no asistió'.
 */
export function agendaCountLabel(statuses: readonly string[]): string {
  const total = `${statuses.length} ${statuses.length === 1 ? 'cita' : 'citas'}`;
  const parts = LEFT_OUT.flatMap(([tone, one, many]) => {
    const n = statuses.filter((s) => !isBlockingStatus(s) && badgeTone(s) === tone).length;
    return n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  });
  return parts.length ? `${total} · ${parts.join(', ')}` : total;
}
