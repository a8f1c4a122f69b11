import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import { appointmentBooking, appointmentParties } from '../../db/appointment-columns';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';

/** The back office's view (features/appointments) without the ids and timestamps of the record. */
const dashboardAppointment = { id: appointments.id, ...appointmentParties, ...appointmentBooking };

/** Every appointment starting in [start, end), earliest first (SPEC §7 "By startTime range, ascending"). */
export function appointmentsBetween(db: Db, start: Date, end: Date) {
  return db
    .select(dashboardAppointment)
    .from(appointments)
    .where(and(gte(appointments.startTime, start), lt(appointments.startTime, end)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

/** The earliest confirmed appointment starting after `now`, on any day (the query, for EXPLAIN in the benchmark). */
export function firstConfirmedAfterQuery(db: Db, now: Date) {
  return db
    .select(dashboardAppointment)
    .from(appointments)
    .where(and(eq(appointments.status, 'confirmed'), gt(appointments.startTime, now)))
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(1);
}

export async function firstConfirmedAfter(db: Db, now: Date) {
  const [row] = await firstConfirmedAfterQuery(db, now);
  return row;
}
