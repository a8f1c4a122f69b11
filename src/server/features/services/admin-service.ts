import { sortedByName } from '../../../domain/spanish-order';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { Deps } from '../../http/env';
import { serviceResourcesError } from '../../../domain/resources';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  allServices,
  deleteInactiveService,
  findService,
  insertService,
  setServiceActive,
  updateService,
  type ServiceRow,
  type ServiceValues,
} from './admin-queries';
import { activeResourceIds, groupsOfServices, replaceGroups } from './resource-groups-queries';

export type ServiceInput = {
  name: string;
  description: string;
  duration: number;
  price: number;
  category: string;
  prepMinutes?: number;
  cleanupMinutes?: number;
  parallelAllowed?: boolean;
  resourceGroups?: Array<{ resourceIds: string[] }>;
};

/** A service as the back office reads it: its row, with its resource groups (ADR 036). */
export type AdminService = ServiceRow & { resourceGroups: Array<{ id: string; resourceIds: string[] }> };

const valuesOf = (input: ServiceInput): ServiceValues => ({
  name: input.name.trim(),
  description: input.description.trim(),
  duration: input.duration,
  price: input.price,
  category: input.category.trim(),
  ...(input.prepMinutes === undefined ? {} : { prepMinutes: input.prepMinutes }),
  ...(input.cleanupMinutes === undefined ? {} : { cleanupMinutes: input.cleanupMinutes }),
  ...(input.parallelAllowed === undefined ? {} : { parallelAllowed: input.parallelAllowed }),
});

/** SPEC §2 Manage services, §4 activation, §7 Services. The rules were checked by the route's schema. */
export function adminServices(deps: Pick<Deps, 'db' | 'now'>) {
  const { db } = deps;
  const found = (row: ServiceRow | undefined): ServiceRow => {
    if (!row) throw notFound(MSG.serviceNotFound);
    return row;
  };

  const withGroups = async (rows: ServiceRow[]): Promise<AdminService[]> => {
    const groups = await groupsOfServices(db, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, resourceGroups: groups.get(r.id) ?? [] }));
  };
  /** ADR 036: buffers within 0..120 and groups of active resources, never empty (Spanish 400s). */
  const checkResources = async (input: ServiceInput) => {
    const problem = serviceResourcesError(
      { prepMinutes: input.prepMinutes ?? 0, cleanupMinutes: input.cleanupMinutes ?? 0, resourceGroups: input.resourceGroups ?? [] },
      input.resourceGroups?.length ? await activeResourceIds(db) : new Set(),
    );
    if (problem) throw badRequest(problem);
  };

  return {
    async list(): Promise<AdminService[]> {
      return withGroups(sortedByName(await allServices(db)));
    },

    async create(input: ServiceInput): Promise<AdminService> {
      await checkResources(input);
      const row = await db.transaction(async (tx) => {
        const created = await insertService(tx, valuesOf(input), deps.now());
        if (input.resourceGroups) await replaceGroups(tx, created.id, input.resourceGroups);
        return created;
      });
      return (await withGroups([row]))[0]!;
    },

    async update(id: string, input: ServiceInput): Promise<AdminService> {
      await checkResources(input);
      const row = await db.transaction(async (tx) => {
        const updated = found(await updateService(tx, id, valuesOf(input), deps.now()));
        if (input.resourceGroups) await replaceGroups(tx, id, input.resourceGroups);
        return updated;
      });
      return (await withGroups([row]))[0]!;
    },

    setActive: async (id: string, isActive: boolean): Promise<AdminService> => (await withGroups([found(await setServiceActive(db, id, isActive, deps.now()))]))[0]!,

    /** Permanent deletion is only for an inactive service (SPEC §4). */
    async remove(id: string): Promise<void> {
      if (await deleteInactiveService(db, id)) return;
      found(await findService(db, id));
      throw conflict(STAFF_MSG.serviceDeleteActive, 'service_active');
    },
  };
}
