import { addDays } from '../../domain/salon-time';
import type { Db } from '../db/client';
import { employees } from '../db/schema';
import type { Realtime } from '../live-events/realtime';

// What changes a salon's days (a closure, a time off, a cabin out of service) tells the open
// booking pages and agendas: they refetch those days. Shared by the availability and resources rooms.

function datesOf(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let d = startDate; d <= endDate && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Live: the open booking pages and agendas of these professionals refetch those days (after the commit). */
export function announceDays(realtime: Realtime, userIds: Array<string | null>, startDate: string, endDate: string) {
  const dates = datesOf(startDate, endDate);
  for (const employeeId of new Set(userIds)) if (employeeId) realtime.publish({ type: 'appointments', employeeId, dates });
}

/** Every professional with an account: a salon-wide change reaches all of their pages. */
export async function linkedUserIds(db: Pick<Db, 'select'>): Promise<string[]> {
  const rows = await db.select({ userId: employees.userId }).from(employees);
  return rows.flatMap((r) => (r.userId ? [r.userId] : []));
}
