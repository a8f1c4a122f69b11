import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { appointmentResources } from './schema';

/**
 * Whether an appointment holds (or held, once cancelled) a cabin or machine (ADR 036). A change
 * to such an appointment changes the times every professional can offer for the services that
 * need it, so its live event reaches everyone (live-events/realtime.ts, EVERY_EMPLOYEE).
 */
export async function holdsResources(db: Pick<Db, 'select'>, appointmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(appointmentResources)
    .where(eq(appointmentResources.appointmentId, appointmentId))
    .limit(1);
  return row !== undefined;
}
