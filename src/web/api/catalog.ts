import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call, type ApiClient } from '../lib/api';

// The public catalog (src/server/features/services, catalog-routes.ts): the services the salon
// offers. One service and who offers it, which booking it reads, are api/booking.ts. The client's
// first views read them (app/first-views.ts), in the browser and, with the server's own client,
// on the server.

export type CatalogService = InferResponseType<ApiClient['catalog']['services']['$get'], 200>['services'][number];

/** The services the salon offers now (home page, /services, the front desk's new appointment). */
export const activeServicesQuery = (client: ApiClient = api) =>
  queryOptions({
    queryKey: ['catalog', 'services'] as const,
    queryFn: async () => (await call(client.catalog.services.$get(), MSG.servicesLoadPublic)).services,
  });
