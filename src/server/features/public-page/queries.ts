import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, employeeServices, salonSettings, services } from '../../db/schema';

// What the public page reads of the salon (ADR 078): its settings' public fields, the active
// services and the active professionals who offer them. Nothing else: no account, no user id
// (the public page has no live updates to key them by), no client.

export async function salonRow(db: Db) {
  const [row] = await db
    .select({ name: salonSettings.name, address: salonSettings.address, phoneNumber: salonSettings.phoneNumber, openingHours: salonSettings.openingHours })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1));
  return row;
}

export function activeServiceRows(db: Db) {
  return db
    .select({ id: services.id, name: services.name, description: services.description, duration: services.duration, price: services.price, category: services.category, parallelAllowed: services.parallelAllowed })
    .from(services)
    .where(eq(services.isActive, true))
    .orderBy(asc(services.name));
}

/** Who offers what: active professionals and the services (active or not) they offer. */
export function offerRows(db: Db) {
  return db
    // `bookable`: whether a client can book her herself (an account, ADR 008); a yes or no, never the account.
    .select({ employeeId: employees.id, name: employees.name, serviceId: employeeServices.serviceId, bookable: sql<boolean>`${isNotNull(employees.userId)}`.mapWith(Boolean) })
    .from(employees)
    .innerJoin(employeeServices, eq(employeeServices.employeeId, employees.id))
    .where(and(eq(employees.isActive, true)))
    .orderBy(asc(employees.name));
}
