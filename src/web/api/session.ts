import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useCallback } from 'react';
import type { Role } from '../../domain/roles';
import { api, type ApiClient } from '../lib/api';
import { authApi } from './accounts';

// The session: who is signed in (GET /api/me), read by the guards, the layouts and the pages, put
// in the cache before the first render by main.tsx and entry-server.tsx from the page's own data.

export type CurrentUser = InferResponseType<typeof api.me.$get, 200>;

/** The signed-in user, `null` when signed out. Its key is ['session'] (components/admin's "refresh all" spares it). */
export const sessionQuery = (client: ApiClient = api) =>
  queryOptions({
    queryKey: ['session'] as const,
    queryFn: async (): Promise<CurrentUser | null> => {
      const res = await client.me.$get();
      if (res.status === 401) return null;
      if (!res.ok) throw new Error(`session ${res.status}`);
      return (await res.json()) as CurrentUser;
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** The signed-in user, `null` when signed out; `loading` until the first answer (SPEC §4 Session). */
export function useSession() {
  const q = useQuery(sessionQuery());
  return { user: q.data, loading: q.isPending };
}

/** Where each role starts (SPEC §2 "After login"). */
export function homeOf(role: Role | undefined): string {
  if (role === 'admin') return '/admin/dashboard';
  if (role === 'employee') return '/employee/agenda';
  // The desk starts at the salon's day (ADR 063).
  if (role === 'receptionist') return '/admin/day';
  return '/';
}

/** After a sign-in: read the session again and return the user it now holds. */
export function useRefreshSession() {
  const qc = useQueryClient();
  return useCallback(() => qc.fetchQuery({ ...sessionQuery(), staleTime: 0, retry: false }), [qc]);
}

// Work that must reach the server while the session still exists (e.g. an employee's mark
// inside its undo window) registers here; signing out waits for it first.
const beforeSignOut = new Set<() => Promise<unknown>>();

export function onBeforeSignOut(fn: () => Promise<unknown>): () => void {
  beforeSignOut.add(fn);
  return () => beforeSignOut.delete(fn);
}

export function useSignOut() {
  const qc = useQueryClient();
  return useCallback(async () => {
    await Promise.allSettled([...beforeSignOut].map((fn) => fn()));
    await authApi.signOut();
    qc.clear();
    qc.setQueryData(sessionQuery().queryKey, null);
  }, [qc]);
}
