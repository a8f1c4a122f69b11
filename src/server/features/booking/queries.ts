import { and, eq, exists, gt, inArray, lt } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../../domain/appointment-status';
import type { Db } from '../../db/client';
import { appointments, employees, employeeServices, salonSettings, services } from '../../db/schema';

type Executor = Pick<Db, 'select' | 'insert' | 'execute'>;

export async function activeServiceById(db: Db, id: string) {
  const [row] = await db
    .select({ id: services.id, name: services.name, duration: services.duration, price: services.price })
    .from(services)
    .where(and(eq(services.id, id), eq(services.isActive, true)));
  return row;
}

/** The employee record with whether it offers `serviceId`. */
export async function employeeForService(db: Db, employeeId: string, serviceId: string) {
  const [row] = await db
    .select({
      id: employees.id,
      name: employees.name,
      userId: employees.userId,
      isActive: employees.isActive,
      availability: employees.availability,
      offers: exists(
        db
          .select({ one: employeeServices.employeeId })
          .from(employeeServices)
          .where(and(eq(employeeServices.employeeId, employees.id), eq(employeeServices.serviceId, serviceId))),
      ).mapWith(Boolean),
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row;
}

export async function salonSettingsRow(db: Db) {
  const [row] = await db
    .select({ interval: salonSettings.appointmentTimeSlotInterval, cancellationPolicyHours: salonSettings.cancellationPolicyHours })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1));
  return row;
}

/** The employee's appointments that hold time (confirmed, completed) overlapping [from, to). */
export function blockingAppointments(db: Db, employeeUserId: string, from: Date, to: Date) {
  return db
    .select({ start: appointments.startTime, end: appointments.endTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeUserId),
        inArray(appointments.status, [...BLOCKING_STATUSES]),
        lt(appointments.startTime, to),
        gt(appointments.endTime, from),
      ),
    );
}

export async function insertAppointment(tx: Executor, values: typeof appointments.$inferInsert) {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

/**
 * The professional's row, read again inside the booking transaction and held FOR SHARE until it
 * commits. Saving that employee in the back office locks the row FOR UPDATE first, so a booking
 * and an unlink/relink are serialised: either the booking lands first and the unlink sees it
 * (and is refused), or the unlink lands first and the booking sees the new account (ADR 004).
 */
export async function lockEmployeeForBooking(tx: Executor, employeeId: string) {
  const [row] = await tx
    .select({ userId: employees.userId, isActive: employees.isActive })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .for('share');
  return row;
}
