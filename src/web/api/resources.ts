import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { STAFF_MSG } from '../../domain/texts/staff';
import { api, call } from '../lib/api';

// Cabins and machines (ADR 036, /api/admin/resources): the list, their time out of service and
// the appointments left without one. Types come from the server's routes; nothing is hand-copied.
export type ResourcesOverview = InferResponseType<typeof api.admin.resources.$get, 200>;
export type Resource = ResourcesOverview['resources'][number];
export type MaintenancePeriod = ResourcesOverview['maintenance'][number];
export type ResourceConflict = ResourcesOverview['conflicts'][number];
export type ResourceInput = InferRequestType<typeof api.admin.resources.$post>['json'];
export type MaintenanceInput = InferRequestType<(typeof api.admin.resources)[':id']['maintenance']['$post']>['json'];

/** Every resource, active or not, with maintenance from today on and the conflicts: the resources page and the service form share it. */
export const resourcesQuery = () =>
  queryOptions({ queryKey: ['admin', 'resources'] as const, queryFn: () => call(api.admin.resources.$get(), STAFF_MSG.resourcesLoadFailed) });

export const saveResource = (id: string | null, json: ResourceInput) =>
  call(id ? api.admin.resources[':id'].$put({ param: { id }, json }) : api.admin.resources.$post({ json }), STAFF_MSG.resourceSaveFailed);

/** Answers the resource and the appointments that hold it while inactive. */
export const setResourceActive = (id: string, isActive: boolean) =>
  call(api.admin.resources[':id'].status.$patch({ param: { id }, json: { isActive } }), STAFF_MSG.resourceToggleFailed);

/** Answers the period and the appointments it leaves without the resource. */
export const addMaintenance = ({ resourceId, ...json }: MaintenanceInput & { resourceId: string }) =>
  call(api.admin.resources[':id'].maintenance.$post({ param: { id: resourceId }, json }), STAFF_MSG.availabilitySaveFailed);

export const deleteMaintenance = (id: string) =>
  call(api.admin.resources.maintenance[':id'].$delete({ param: { id } }), STAFF_MSG.availabilitySaveFailed);
