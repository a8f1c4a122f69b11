import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The back office's services (SPEC §2 Manage services). The public catalog is in ./services.ts.
// Types come from the server's routes (ARCHITECTURE §5.3); nothing here is hand-copied.
export type AdminService = InferResponseType<typeof api.admin.services.$get, 200>[number];
export type ServiceInput = InferRequestType<typeof api.admin.services.$post>['json'];

/** Every service, active or not: the services screen's table and the employee form's choices share it. */
export const adminServicesQuery = () =>
  queryOptions({ queryKey: ['admin', 'services'] as const, queryFn: () => call(api.admin.services.$get(), MSG.servicesLoadAdmin) });

export const saveService = (id: string | null, json: ServiceInput) =>
  call(id ? api.admin.services[':id'].$put({ param: { id }, json }) : api.admin.services.$post({ json }), MSG.serviceSaveFailed);

export const setServiceActive = (id: string, isActive: boolean) =>
  call(api.admin.services[':id'].status.$patch({ param: { id }, json: { isActive } }), MSG.serviceToggleFailed);

export const deleteService = (id: string) => call(api.admin.services[':id'].$delete({ param: { id } }), MSG.serviceDeleteFailed);
