import { and, asc, eq, sql } from 'drizzle-orm';
import type { Maintenance } from '../../../domain/availability';
import type { Db, Tx } from '../../db/client';
import { appointmentResources, appointments, resourceMaintenance, resources } from '../../db/schema';

// The resources room's SQL (ADR 036): the admin's cabins and machines, their maintenance, and the
// appointments that hold them.

export type ResourceRow = { id: string; name: string; kind: 'cabina' | 'aparato'; isActive: boolean; position: number };
const resourceColumns = {
  id: resources.id,
  name: resources.name,
  kind: resources.kind,
  isActive: resources.isActive,
  position: resources.position,
};

/** Every resource in the stable order a booking picks in. */
export const allResources = (db: Pick<Db, 'select'>): Promise<ResourceRow[]> =>
  db.select(resourceColumns).from(resources).orderBy(asc(resources.position), asc(resources.createdAt), asc(resources.id));

export async function insertResource(
  db: Db,
  v: { name: string; kind: ResourceRow['kind']; position: number },
  now: Date,
): Promise<ResourceRow> {
  const [row] = await db
    .insert(resources)
    .values({ ...v, createdAt: now, updatedAt: now })
    .returning(resourceColumns);
  return row!;
}

export async function updateResource(
  db: Db | Tx,
  id: string,
  v: Partial<Pick<ResourceRow, 'name' | 'kind' | 'position' | 'isActive'>>,
  now: Date,
): Promise<ResourceRow | undefined> {
  const [row] = await db
    .update(resources)
    .set({ ...v, updatedAt: now })
    .where(eq(resources.id, id))
    .returning(resourceColumns);
  return row;
}

export type MaintenanceRow = Maintenance & { id: string; resourceId: string };

/** Maintenance periods ending on or after `from` (salon day). */
export async function maintenanceFrom(db: Pick<Db, 'execute'>, from: string): Promise<MaintenanceRow[]> {
  const rows = await db.execute<{
    id: string;
    resource_id: string;
    start_date: string;
    end_date: string;
    start_time: string | null;
    end_time: string | null;
    reason: string;
  }>(sql`
    SELECT id, resource_id, start_date::text, end_date::text, start_time, end_time, reason FROM ${resourceMaintenance}
    WHERE end_date >= ${from}::date ORDER BY start_date, created_at`);
  return rows.rows.map((r) => ({
    id: r.id,
    resourceId: r.resource_id,
    startDate: r.start_date,
    endDate: r.end_date,
    startTime: r.start_time,
    endTime: r.end_time,
    reason: r.reason,
  }));
}

export type Holding = {
  id: string;
  resourceId: string;
  resourceName: string;
  startTime: Date;
  endTime: Date;
  blockStart: Date;
  blockEnd: Date;
  clientName: string;
  serviceName: string;
  employeeName: string;
  employeeId: string;
};

/** Confirmed appointments from `now` on that hold a resource (or `resourceId` only), at most `limit`, soonest first. */
export async function futureHoldings(db: Pick<Db, 'select'>, now: Date, resourceId?: string, limit = 500): Promise<Holding[]> {
  return db
    .select({
      id: appointments.id,
      resourceId: appointmentResources.resourceId,
      resourceName: resources.name,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      blockStart: appointmentResources.blockStart,
      blockEnd: appointmentResources.blockEnd,
      clientName: appointments.clientName,
      serviceName: appointments.serviceName,
      employeeName: appointments.employeeName,
      employeeId: appointments.employeeId,
    })
    .from(appointmentResources)
    .innerJoin(appointments, eq(appointments.id, appointmentResources.appointmentId))
    .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
    .where(
      and(
        sql`${appointmentResources.active} AND ${appointments.status} = 'confirmed' AND ${appointments.startTime} >= ${now.toISOString()}::timestamptz`,
        resourceId ? eq(appointmentResources.resourceId, resourceId) : undefined,
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(limit);
}
