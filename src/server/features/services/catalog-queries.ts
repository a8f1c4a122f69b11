import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, employeeServices, services } from '../../db/schema';

// What a client may see of the salon: only what is active (SPEC §2 Services list, §5 Booking).

const publicService = {
  id: services.id,
  name: services.name,
  description: services.description,
  duration: services.duration,
  price: services.price,
  category: services.category,
  // ADR 082: whether the booking page may offer it at the same time as another service of a visit.
  parallelAllowed: services.parallelAllowed,
};

export function activeServices(db: Db) {
  return db.select(publicService).from(services).where(eq(services.isActive, true)).orderBy(asc(services.name));
}

export async function activeService(db: Db, id: string) {
  const [row] = await db
    .select(publicService)
    .from(services)
    .where(and(eq(services.id, id), eq(services.isActive, true)));
  return row;
}

/** Active employees offering the service, by name. `userId` is null when no account is linked. */
export function professionalsFor(db: Db, serviceId: string) {
  return db
    .select({ id: employees.id, name: employees.name, userId: employees.userId })
    .from(employees)
    .innerJoin(employeeServices, eq(employeeServices.employeeId, employees.id))
    .where(and(eq(employeeServices.serviceId, serviceId), eq(employees.isActive, true)))
    .orderBy(asc(employees.name));
}
