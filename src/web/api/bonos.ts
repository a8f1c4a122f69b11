import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../lib/api';

// Bonos (ADR 037): the admin's types (/api/admin/bono-types), a client record's bonos and their
// sale, extension and refund (/api/bonos), and the client's own ("Mis bonos", /api/my-bonos).
// Types come from the server's routes; nothing is hand-copied.

const LOAD_FAILED = 'No se pudieron cargar los bonos.';
const SAVE_FAILED = 'No se pudo guardar el bono.';

export type BonoType = InferResponseType<(typeof api.admin)['bono-types']['$get'], 200>['bonoTypes'][number];
export type BonoTypeInput = InferRequestType<(typeof api.admin)['bono-types']['$post']>['json'];
export type ClientBono = InferResponseType<(typeof api.bonos.clients)[':id']['$get'], 200>['bonos'][number];
export type MyBono = InferResponseType<(typeof api)['my-bonos']['$get'], 200>['bonos'][number];
export type SaleInput = InferRequestType<(typeof api.bonos.clients)[':id']['$post']>['json'];

export const bonoTypesQuery = () =>
  queryOptions({ queryKey: ['admin', 'bono-types'] as const, queryFn: () => call(api.admin['bono-types'].$get(), LOAD_FAILED) });

export const saveBonoType = (id: string | null, json: BonoTypeInput) =>
  call(id ? api.admin['bono-types'][':id'].$put({ param: { id }, json }) : api.admin['bono-types'].$post({ json }), SAVE_FAILED);

export const setBonoTypeActive = (id: string, isActive: boolean) =>
  call(api.admin['bono-types'][':id'].status.$patch({ param: { id }, json: { isActive } }), SAVE_FAILED);

/** The active types, for the sale form (staff). */
export const saleTypesQuery = () => queryOptions({ queryKey: ['bonos', 'types'] as const, queryFn: () => call(api.bonos.types.$get(), LOAD_FAILED) });

export const clientBonosQuery = (clientId: string) =>
  queryOptions({ queryKey: ['bonos', 'client', clientId] as const, queryFn: () => call(api.bonos.clients[':id'].$get({ param: { id: clientId } }), LOAD_FAILED) });

export const sellBono = (clientId: string, json: SaleInput) => call(api.bonos.clients[':id'].$post({ param: { id: clientId }, json }), SAVE_FAILED);

export const extendBono = (id: string, json: { expiresOn: string; reason: string }) => call(api.bonos[':id'].extend.$post({ param: { id }, json }), SAVE_FAILED);

export const refundBono = (id: string, json: { reason: string }) => call(api.bonos[':id'].refund.$post({ param: { id }, json }), SAVE_FAILED);

/**
 * "Mis bonos": the signed-in client's bonos; also what "Con tu bono: quedan N sesiones" reads.
 * Read afresh on each page: a booking, a cancellation or a visit elsewhere changes it.
 */
export const myBonosQuery = () => queryOptions({ queryKey: ['my-bonos'] as const, queryFn: () => call(api['my-bonos'].$get(), LOAD_FAILED), staleTime: 0 });

export type VisitForBono = InferResponseType<(typeof api.bonos.clients)[':id']['visits']['$get'], 200>['visits'][number];

/** ADR 053: her visits already booked that a new bono of this type could cover (the sale offers each). */
export const visitsForBonoQuery = (clientId: string, bonoTypeId: string) =>
  queryOptions({
    queryKey: ['bonos', 'client', clientId, 'visits', bonoTypeId] as const,
    queryFn: () => call(api.bonos.clients[':id'].visits.$get({ param: { id: clientId }, query: { bonoTypeId } }), LOAD_FAILED),
    staleTime: 0,
  });
