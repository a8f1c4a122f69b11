import { MSG } from '../../../domain/texts/common';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { activeService, activeServices, professionalsFor } from './catalog-queries';
import { isId } from '../../http/params';

export const listServices = (db: Db) => activeServices(db);

export async function getService(db: Db, id: string) {
  const service = isId(id) ? await activeService(db, id) : undefined;
  if (!service) throw notFound(MSG.serviceNotFound);
  return service;
}

/**
 * Step 1 of the booking screen. Every active employee offering the service is listed, with or
 * without a linked account; `hasAccount` lets the screen say why booking one without an account
 * is refused (docs/decisions/008-client-booking.md).
 */
export async function listProfessionals(db: Db, serviceId: string) {
  await getService(db, serviceId);
  const rows = await professionalsFor(db, serviceId);
  return rows.map((r) => ({ id: r.id, name: r.name, userId: r.userId, hasAccount: r.userId !== null }));
}
