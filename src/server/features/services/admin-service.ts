import { sortedByName } from '../../../domain/spanish-order';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { Deps } from '../../http/env';
import { conflict, notFound } from '../../http/errors';
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

export type ServiceInput = {
  name: string;
  description: string;
  duration: number;
  price: number;
  category: string;
};

const valuesOf = (input: ServiceInput): ServiceValues => ({
  name: input.name.trim(),
  description: input.description.trim(),
  duration: input.duration,
  price: input.price,
  category: input.category.trim(),
});

/** SPEC §2 Manage services, §4 activation, §7 Services. The rules were checked by the route's schema. */
export function adminServices(deps: Pick<Deps, 'db' | 'now'>) {
  const { db } = deps;
  const found = (row: ServiceRow | undefined): ServiceRow => {
    if (!row) throw notFound(MSG.serviceNotFound);
    return row;
  };

  return {
    async list(): Promise<ServiceRow[]> {
      return sortedByName(await allServices(db));
    },

    create: (input: ServiceInput) => insertService(db, valuesOf(input), deps.now()),

    update: async (id: string, input: ServiceInput) => found(await updateService(db, id, valuesOf(input), deps.now())),

    setActive: async (id: string, isActive: boolean) => found(await setServiceActive(db, id, isActive, deps.now())),

    /** Permanent deletion is only for an inactive service (SPEC §4). */
    async remove(id: string): Promise<void> {
      if (await deleteInactiveService(db, id)) return;
      found(await findService(db, id));
      throw conflict(STAFF_MSG.serviceDeleteActive, 'service_active');
    },
  };
}
