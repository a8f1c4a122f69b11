import type { Hono } from 'hono';
import type { Deps } from '../../src/server/http/env';
import { createApp } from '../../src/server/app';

/**
 * Every /api route of the app as `METHOD /path` (e.g. `PATCH /api/agenda/appointments/:id`), read
 * from Hono's own route table of the app createApp builds: a route added to app.ts shows up here
 * without anyone writing it down. Middleware (`use`, method ALL on a wildcard) and the 404
 * catch-all are left out.
 */
export function apiRouteKeys(app: Pick<Hono, 'routes'>): string[] {
  const keys = new Set<string>();
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/')) continue;
    if (r.method === 'ALL' && r.path.endsWith('*')) continue;
    keys.add(`${r.method} ${r.path}`);
  }
  return [...keys].sort();
}

/** The routes of the app a running test server serves (built again from its own deps). */
export function apiRouteKeysOf(deps: Deps): string[] {
  return apiRouteKeys(createApp(deps));
}
