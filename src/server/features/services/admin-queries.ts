import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { services } from '../../db/schema';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceValues = Pick<typeof services.$inferInsert, 'name' | 'description' | 'duration' | 'price' | 'category' | 'prepMinutes' | 'cleanupMinutes' | 'parallelAllowed'>;

/** Every service, active and inactive (the back office sees all of them). */
export const allServices = (db: Db) => db.select().from(services).orderBy(asc(services.name));

export async function findService(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row;
}

export async function insertService(db: Db | Tx, values: ServiceValues, now: Date): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({ ...values, isActive: true, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateService(db: Db | Tx, id: string, values: ServiceValues, now: Date): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ ...values, updatedAt: now })
    .where(eq(services.id, id))
    .returning();
  return row;
}

export async function setServiceActive(db: Db, id: string, isActive: boolean, now: Date): Promise<ServiceRow | undefined> {
  const [row] = await db.update(services).set({ isActive, updatedAt: now }).where(eq(services.id, id)).returning();
  return row;
}

/**
 * Deletes the service only while it is inactive, in one statement (no window between the check
 * and the delete). Appointments keep their stored names: appointments.service_id is
 * ON DELETE SET NULL, employee_services rows cascade.
 */
export async function deleteInactiveService(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(services)
    .where(and(eq(services.id, id), eq(services.isActive, false)))
    .returning({ id: services.id });
  return rows.length === 1;
}
