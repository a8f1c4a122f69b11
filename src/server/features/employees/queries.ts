import { and, asc, count, eq, gt, inArray, ne, notExists, sql } from 'drizzle-orm';
import { EMPLOYEE_ACCOUNT_ROLES, type EmployeeAccountRole, type Role } from '../../../domain/roles';
import type { Db, Tx } from '../../db/client';
import { appointments, employees, employeeServices, user } from '../../db/schema';

export type Executor = Db | Tx;

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeValues = Pick<typeof employees.$inferInsert, 'name' | 'email' | 'phoneNumber' | 'availability' | 'userId' | 'userAccountEmail' | 'accountRole'>;
export type Employee = EmployeeRow & { servicesOffered: string[] };
export type LinkableUser = { id: string; name: string; email: string; role: Role; emailVerified: boolean };

async function servicesOf(db: Executor, employeeIds: string[]): Promise<Map<string, string[]>> {
  const byEmployee = new Map<string, string[]>();
  if (employeeIds.length === 0) return byEmployee;
  const rows = await db
    .select({ employeeId: employeeServices.employeeId, serviceId: employeeServices.serviceId })
    .from(employeeServices)
    .where(inArray(employeeServices.employeeId, employeeIds));
  for (const r of rows) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r.serviceId]);
  return byEmployee;
}

/** Every employee, active and inactive, with servicesOffered (SPEC §3). */
export async function allEmployees(db: Executor): Promise<Employee[]> {
  const rows = await db.select().from(employees).orderBy(asc(employees.name));
  const offered = await servicesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, servicesOffered: offered.get(r.id) ?? [] }));
}

export async function employeeById(db: Executor, id: string): Promise<Employee | undefined> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  if (!row) return undefined;
  return { ...row, servicesOffered: (await servicesOf(db, [id])).get(id) ?? [] };
}

/** The employee row, locked until the transaction ends (two admins saving at once queue up). */
export async function lockEmployee(tx: Tx, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await tx.select().from(employees).where(eq(employees.id, id)).for('update');
  return row;
}

const userColumns = { id: user.id, name: user.name, email: user.email, role: user.role, emailVerified: user.emailVerified };

/** Case-insensitive, as SPEC §5 asks (emails are stored as typed by better-auth: lowercased). */
export async function userByEmail(db: Executor, email: string): Promise<LinkableUser | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row;
}

/**
 * The user row locked FOR UPDATE. Besides serialising role changes, this lock conflicts with the
 * FOR KEY SHARE lock that inserting an appointment for this user takes (appointments.employee_id
 * references user.id), so no booking for this user can commit between our check and our write.
 */
export async function lockUser(tx: Tx, id: string): Promise<LinkableUser | undefined> {
  const [row] = await tx.select(userColumns).from(user).where(eq(user.id, id)).for('update');
  return row;
}

/** The employee (other than `exceptId`) that already links this user, if any. */
export async function employeeLinkedTo(db: Executor, userId: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(exceptId ? and(eq(employees.userId, userId), ne(employees.id, exceptId)) : eq(employees.userId, userId));
  return row;
}

/** Confirmed appointments of this user as professional that have not ended yet. */
export async function pendingAppointmentsAsProfessional(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.employeeId, userId), eq(appointments.status, 'confirmed'), gt(appointments.endTime, now)));
  return row?.n ?? 0;
}

export async function insertEmployee(tx: Tx, values: EmployeeValues, now: Date): Promise<EmployeeRow> {
  const [row] = await tx
    .insert(employees)
    .values({ ...values, isActive: true, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateEmployee(tx: Tx, id: string, values: EmployeeValues, now: Date): Promise<EmployeeRow> {
  const [row] = await tx
    .update(employees)
    .set({ ...values, updatedAt: now })
    .where(eq(employees.id, id))
    .returning();
  return row!;
}

export async function replaceEmployeeServices(tx: Tx, employeeId: string, serviceIds: string[]): Promise<void> {
  await tx.delete(employeeServices).where(eq(employeeServices.employeeId, employeeId));
  if (serviceIds.length > 0) await tx.insert(employeeServices).values(serviceIds.map((serviceId) => ({ employeeId, serviceId })));
}

export async function setEmployeeActive(db: Executor, id: string, isActive: boolean, now: Date): Promise<EmployeeRow | undefined> {
  const [row] = await db.update(employees).set({ isActive, updatedAt: now }).where(eq(employees.id, id)).returning();
  return row;
}

export async function deleteEmployee(tx: Tx, id: string): Promise<void> {
  await tx.delete(employees).where(eq(employees.id, id));
}

/**
 * A linked account works as its record's "Acceso" says (ADR 063): a client becomes a professional
 * or the desk, and the two trade places when the admin changes it; an admin keeps her role.
 */
export async function grantAccountRole(tx: Tx, userId: string, role: EmployeeAccountRole, now: Date): Promise<void> {
  await tx
    .update(user)
    .set({ role, updatedAt: now })
    .where(and(eq(user.id, userId), inArray(user.role, ['client', ...EMPLOYEE_ACCOUNT_ROLES])));
}

/** An employee (or receptionist) that no employee record links any more goes back to client; an admin stays admin. */
export async function demoteIfUnlinked(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(user)
    .set({ role: 'client', updatedAt: now })
    .where(
      and(
        eq(user.id, userId),
        inArray(user.role, [...EMPLOYEE_ACCOUNT_ROLES]),
        notExists(tx.select({ one: sql`1` }).from(employees).where(eq(employees.userId, userId))),
      ),
    );
}
