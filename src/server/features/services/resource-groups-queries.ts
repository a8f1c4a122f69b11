import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { resources, serviceResourceGroupMembers, serviceResourceGroups } from '../../db/schema';

// A service's resource groups (ADR 036): "cualquier cabina", "el láser de diodo".

/** The ids of the salon's active resources (a group may name only those). */
export async function activeResourceIds(db: Db): Promise<Set<string>> {
  const rows = await db.select({ id: resources.id }).from(resources).where(eq(resources.isActive, true));
  return new Set(rows.map((r) => r.id));
}

/** Each service's groups, in order, with their members in the salon's stable order. */
export async function groupsOfServices(db: Db, serviceIds: string[]): Promise<Map<string, Array<{ id: string; resourceIds: string[] }>>> {
  const out = new Map<string, Array<{ id: string; resourceIds: string[] }>>();
  if (serviceIds.length === 0) return out;
  const rows = await db
    .select({ serviceId: serviceResourceGroups.serviceId, groupId: serviceResourceGroups.id, resourceId: serviceResourceGroupMembers.resourceId })
    .from(serviceResourceGroups)
    .innerJoin(serviceResourceGroupMembers, eq(serviceResourceGroupMembers.groupId, serviceResourceGroups.id))
    .innerJoin(resources, eq(resources.id, serviceResourceGroupMembers.resourceId))
    .where(inArray(serviceResourceGroups.serviceId, serviceIds))
    .orderBy(asc(serviceResourceGroups.position), asc(serviceResourceGroups.id), asc(resources.position), asc(resources.createdAt), asc(resources.id));
  for (const r of rows) {
    const groups = out.get(r.serviceId) ?? [];
    let g = groups.find((x) => x.id === r.groupId);
    if (!g) groups.push((g = { id: r.groupId, resourceIds: [] }));
    g.resourceIds.push(r.resourceId);
    out.set(r.serviceId, groups);
  }
  return out;
}

/** Replaces a service's groups (in the caller's transaction); appointments keep what they hold. */
export async function replaceGroups(tx: Tx, serviceId: string, groups: ReadonlyArray<{ resourceIds: readonly string[] }>) {
  await tx.delete(serviceResourceGroups).where(eq(serviceResourceGroups.serviceId, serviceId));
  for (const [position, g] of groups.entries()) {
    const [row] = await tx.insert(serviceResourceGroups).values({ serviceId, position }).returning({ id: serviceResourceGroups.id });
    await tx.insert(serviceResourceGroupMembers).values(g.resourceIds.map((resourceId) => ({ groupId: row!.id, resourceId })));
  }
}
