import { computeDashboardStats, nextAppointment } from '../../../domain/dashboard-stats';
import { dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import type { Deps } from '../../http/env';
import { appointmentsBetween, firstConfirmedAfter } from './queries';

/**
 * The admin dashboard (SPEC §2): today's agenda in the salon's zone, its figures, and the next
 * confirmed appointment. One clock reading for everything, so the figures and the "next" card
 * can never disagree about what "now" is.
 */
export async function dashboard(deps: Pick<Deps, 'db' | 'now'>) {
  const now = deps.now();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const { start, end } = dayBounds(today, SALON_TIME_ZONE);
  const [agenda, later] = await Promise.all([appointmentsBetween(deps.db, start, end), firstConfirmedAfter(deps.db, now)]);
  // The figures and the pick come from the domain rules; the query only narrows what they read.
  const stats = computeDashboardStats(agenda, now, SALON_TIME_ZONE);
  const next = nextAppointment(later ? [...agenda, later] : agenda, now);
  return { today, now: now.toISOString(), stats, next, agenda };
}
