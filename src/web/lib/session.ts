import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useCallback } from 'react';
import { api } from './api';
import { authApi } from './auth-api';

export type CurrentUser = InferResponseType<typeof api.me.$get, 200>;
export type Role = CurrentUser['role'];

export const SESSION_KEY = ['session'] as const;

async function fetchMe(): Promise<CurrentUser | null> {
  const res = await api.me.$get();
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`session ${res.status}`);
  return (await res.json()) as CurrentUser;
}

/** The signed-in user, `null` when signed out; `loading` until the first answer (SPEC §4 Session). */
export function useSession() {
  const q = useQuery({ queryKey: SESSION_KEY, queryFn: fetchMe, staleTime: 5 * 60_000, retry: 1 });
  return { user: q.data, loading: q.isPending };
}

/** Where each role starts (SPEC §2 "After login"). */
export function homeOf(role: Role | undefined): string {
  if (role === 'admin') return '/admin/dashboard';
  if (role === 'employee') return '/employee/agenda';
  return '/';
}

/** After a sign-in: read the session again and return the user it now holds. */
export function useRefreshSession() {
  const qc = useQueryClient();
  return useCallback(() => qc.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchMe, staleTime: 0 }), [qc]);
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
    qc.setQueryData(SESSION_KEY, null);
  }, [qc]);
}
