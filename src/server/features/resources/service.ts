import { eq } from 'drizzle-orm';
import { resourceConflictOf, toTimeOff, type TimeOffInput } from '../../../domain/availability';
import { validateTimeOff } from '../../../domain/exception-validation';
import { resourceFieldsError, type ResourceKind } from '../../../domain/resources';
import { addDays, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { announceDays, linkedUserIds } from '../../availability/announce';
import type { Conflict } from '../../availability/exceptions';
import { resourceMaintenance, resources } from '../../db/schema';
import { bookingHorizonDays } from '../../db/salon-settings';
import type { Deps, SessionUser } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import { isId } from '../../http/params';
import {
  allResources,
  futureHoldings,
  insertResource,
  maintenanceFrom,
  updateResource,
  type MaintenanceRow,
  type ResourceRow,
} from './queries';

// Cabins and machines (ADR 036). Like a time off (ADR 023), deactivating a resource or putting it
// out of service never cancels anything: the answer lists the confirmed appointments that hold it
// then, and the admin moves or cancels each (the existing status change and reschedule).

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;

export type ResourceInput = { name: string; kind: ResourceKind; position?: number };

/** Like a closure's or a time off's conflict (the same appointment fields), for a cabin or machine. */
export type ResourceConflict = Omit<Conflict, 'label' | 'kind'> & {
  resourceId: string;
  resourceName: string;
  kind: 'inactive' | 'maintenance';
  reason: string;
};

/** The future appointments a deactivated resource or a maintenance period leaves without their cabin or machine. */
async function conflicts(ctx: Ctx, only?: string): Promise<ResourceConflict[]> {
  const now = ctx.now();
  // Filtered in the query: the list is bounded, and one resource's holdings must not be crowded out by the others'.
  const [list, maintenance, holdings] = await Promise.all([
    allResources(ctx.db),
    maintenanceFrom(ctx.db, salonDateOf(now, SALON_TIME_ZONE)),
    futureHoldings(ctx.db, now, only),
  ]);
  const out: ResourceConflict[] = [];
  for (const h of holdings) {
    const r = list.find((x) => x.id === h.resourceId);
    if (!r) continue;
    const date = salonDateOf(h.startTime, SALON_TIME_ZONE);
    const why = resourceConflictOf(
      { start: h.blockStart, end: h.blockEnd },
      { isActive: r.isActive, maintenance: maintenance.filter((m) => m.resourceId === r.id) },
      date,
      SALON_TIME_ZONE,
    );
    if (!why) continue;
    const { blockStart: _s, blockEnd: _e, ...rest } = h;
    out.push({ ...rest, date, ...why });
  }
  return out;
}

/**
 * Live: every professional's open booking pages and agendas refetch those days. Any of them may
 * offer a service that needs the resource, so the change reaches all of them, held appointment or not.
 */
async function announce(ctx: Ctx, startDate: string, endDate: string) {
  announceDays(ctx.realtime, await linkedUserIds(ctx.db), startDate, endDate);
}

function checked(input: ResourceInput) {
  const problem = resourceFieldsError(input);
  if (problem) throw badRequest(problem);
  return { name: input.name.trim(), kind: input.kind };
}

const found = (row: ResourceRow | undefined): ResourceRow => {
  if (!row) throw notFound(STAFF_MSG.resourceNotFound);
  return row;
};

export async function overview(ctx: Ctx) {
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const [list, maintenance] = await Promise.all([allResources(ctx.db), maintenanceFrom(ctx.db, today)]);
  return { resources: list, maintenance, conflicts: await conflicts(ctx) };
}

export async function createResource(ctx: Ctx, input: ResourceInput) {
  const list = await allResources(ctx.db);
  const position = input.position ?? (list.length ? Math.max(...list.map((r) => r.position)) + 1 : 0);
  return { resource: await insertResource(ctx.db, { ...checked(input), position }, ctx.now()) };
}

export async function editResource(ctx: Ctx, id: string, input: ResourceInput) {
  if (!isId(id)) throw notFound(STAFF_MSG.resourceNotFound);
  const v = checked(input);
  return {
    resource: found(await updateResource(ctx.db, id, input.position === undefined ? v : { ...v, position: input.position }, ctx.now())),
  };
}

/** Deactivated: no longer offered to new bookings; the appointments holding it are listed, not cancelled. */
export async function setResourceActive(ctx: Ctx, id: string, isActive: boolean) {
  if (!isId(id)) throw notFound(STAFF_MSG.resourceNotFound);
  const resource = found(await updateResource(ctx.db, id, { isActive }, ctx.now()));
  const list = await conflicts(ctx, id);
  // Every day a client can book changes for the services that need it.
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  await announce(ctx, today, addDays(today, await bookingHorizonDays(ctx.db)));
  return { resource, conflicts: list };
}

/** A period out of service: the same rules as a time off (whole days, or the same hours of each day). */
export async function addMaintenance(ctx: Ctx, actor: SessionUser, resourceId: string, input: TimeOffInput) {
  if (!isId(resourceId)) throw notFound(STAFF_MSG.resourceNotFound);
  const m = toTimeOff(input);
  const problem = validateTimeOff(m);
  if (problem) throw badRequest(problem);
  const [resource] = await ctx.db.select({ id: resources.id }).from(resources).where(eq(resources.id, resourceId));
  if (!resource) throw notFound(STAFF_MSG.resourceNotFound);
  const [row] = await ctx.db
    .insert(resourceMaintenance)
    .values({
      resourceId,
      startDate: m.startDate,
      endDate: m.endDate,
      startTime: m.startTime,
      endTime: m.endTime,
      reason: m.reason,
      createdBy: actor.id,
      createdAt: ctx.now(),
    })
    .returning({ id: resourceMaintenance.id });
  const list = (await conflicts(ctx, resourceId)).filter((c) => c.kind === 'maintenance' && c.date >= m.startDate && c.date <= m.endDate);
  await announce(ctx, m.startDate, m.endDate);
  return { maintenance: { id: row!.id, resourceId, ...m } satisfies MaintenanceRow, conflicts: list };
}

export async function deleteMaintenance(ctx: Ctx, id: string) {
  if (!isId(id)) throw notFound(STAFF_MSG.resourceMaintenanceNotFound);
  const [row] = await ctx.db
    .delete(resourceMaintenance)
    .where(eq(resourceMaintenance.id, id))
    .returning({ id: resourceMaintenance.id, startDate: resourceMaintenance.startDate, endDate: resourceMaintenance.endDate });
  if (!row) throw notFound(STAFF_MSG.resourceMaintenanceNotFound);
  // Its times are offered again.
  await announce(ctx, row.startDate, row.endDate);
  return { deleted: true };
}
