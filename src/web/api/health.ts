import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { STAFF_MSG } from '../../domain/texts/staff';
import { api, call } from '../lib/api';

export type AdminHealth = InferResponseType<(typeof api.admin.health)['$get'], 200>;

/** The server's state the admin is warned about (disk space) and its release: GET /api/admin/health. */
export const adminHealthQuery = () =>
  queryOptions({
    queryKey: ['admin', 'health'] as const,
    queryFn: () => call(api.admin.health.$get(), STAFF_MSG.notFound),
    // The disk fills slowly: a look every ten minutes on a screen left open is enough.
    refetchInterval: 10 * 60_000,
    staleTime: 60_000,
  });
