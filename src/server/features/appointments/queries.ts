import { and, asc, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { appointmentBooking, appointmentParties } from '../../db/appointment-columns';
import type { Db } from '../../db/client';
import { appointments, employees } from '../../db/schema';
import type { AppointmentStatus } from '../../../domain/appointment-status';
import { consentMissingColumn, consentSignedColumn, hasContraindicationsColumn } from '../../db/consent-status';

type Executor = Pick<Db, 'select' | 'update'>;

/**
 * The statuses of the other parts of a row's visit (null outside a visit): the cancel dialog offers
 * "Cancelar toda la visita" by the day view's rule, only while another part is still confirmed
 * (ADR 104). One lookup per row of the page on appointments_visit_idx.
 */
// Written qualified by hand: drizzle writes a one-table select's columns unqualified, which inside
// the subquery would name the subquery's own rows.
const visitOtherStatuses = sql<string[] | null>`CASE WHEN appointments.visit_id IS NULL THEN NULL
  ELSE ARRAY(SELECT p.status::text FROM appointments p WHERE p.visit_id = appointments.visit_id AND p.id <> appointments.id ORDER BY p.start_time, p.id) END`.as(
  'visit_other_statuses',
);

/** What the back office sees of an appointment: the spec's fields (SPEC §3), camelCase. */
export const adminAppointment = {
  id: appointments.id,
  clientId: appointments.clientId,
  ...appointmentParties,
  serviceId: appointments.serviceId,
  ...appointmentBooking,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  // ADR 041: the admin's list (admin only).
  consentMissing: consentMissingColumn.as('consent_missing'),
  consentSigned: consentSignedColumn.as('consent_signed'),
  hasContraindications: hasContraindicationsColumn().as('has_contraindications'),
  // ADR 098: a part of a visit of several services; the cancel dialog offers the whole visit.
  visitId: appointments.visitId,
  visitOtherStatuses,
};

export type ListFilter = {
  /** startTime >= start (inclusive) */
  start: Date;
  /** startTime < end (exclusive: the start of the day after "Hasta") */
  end: Date;
  employeeId?: string;
  status?: AppointmentStatus;
  /** keyset: rows strictly after this (startTime, id) in the descending order */
  after?: { startTime: Date; id: string };
  limit: number;
};

/**
 * One page of the filtered list, newest first (SPEC §7), ties broken by id so the order is total
 * and a keyset page never repeats or skips a row. Reads `limit + 1` rows to know if more exist.
 */
export function listPage(db: Executor, f: ListFilter) {
  const where: SQL[] = [gte(appointments.startTime, f.start), lt(appointments.startTime, f.end)];
  if (f.employeeId) where.push(eq(appointments.employeeId, f.employeeId));
  if (f.status) where.push(eq(appointments.status, f.status));
  if (f.after) {
    // Row comparison: PostgreSQL walks appointments_start_idx backwards from the cursor.
    where.push(
      sql`(${appointments.startTime}, ${appointments.id}) < (${f.after.startTime.toISOString()}::timestamptz, ${f.after.id}::uuid)`,
    );
  }
  return db
    .select(adminAppointment)
    .from(appointments)
    .where(and(...where))
    .orderBy(desc(appointments.startTime), desc(appointments.id))
    .limit(f.limit + 1);
}

/**
 * The admin's status change as ONE conditional update: it only touches a row that is still
 * confirmed, so two admins (or an admin and an employee) pressing at once cannot both win.
 */
export async function updateIfConfirmed(db: Executor, id: string, to: AppointmentStatus, at: Date) {
  const [row] = await db
    .update(appointments)
    .set({ status: to, updatedAt: at })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'confirmed')))
    .returning(adminAppointment);
  return row;
}

export async function findStatus(db: Executor, id: string) {
  const [row] = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row;
}

/** Employees that can hold appointments (a linked account), for the filter's select. */
export function employeesWithAccount(db: Executor) {
  return db
    .select({ id: employees.id, userId: employees.userId, name: employees.name, isActive: employees.isActive })
    .from(employees)
    .where(isNotNull(employees.userId))
    .orderBy(asc(employees.name), asc(employees.id));
}
