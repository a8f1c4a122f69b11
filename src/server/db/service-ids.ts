import { inArray } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { services } from './schema';

// The rooms that tie something to services (an employee's, a bono type's, a consent template's)
// check the ids sent are services; a room never imports another, so the read sits here.

/** Which of `ids` are services (each once). */
export async function existingServiceIds(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: services.id }).from(services).where(inArray(services.id, [...ids]));
  return rows.map((r) => r.id);
}
