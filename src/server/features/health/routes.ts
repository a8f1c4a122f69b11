import { Hono } from 'hono';
import { OPERATIONS_MSG } from '../../../domain/texts/operations';
import type { AppEnv, Deps } from '../../http/env';
import { RETRY_AFTER_S } from '../../http/errors';
import { requireRole } from '../../http/guards';

/** Liveness for load balancers and the benchmark's floor: no session, no database; and this release. */
export const healthRoutes = (deps: Pick<Deps, 'health'>) =>
  new Hono<AppEnv>()
    .get('/', (c) => c.json({ ok: true, version: deps.health.version }))
    // Readiness (docs/decisions/046): 200 only when the database answers, its migrations are this
    // release's and the disk has room; else 503 with the reasons ('database', 'migrations', 'disk').
    .get('/ready', async (c) => {
      const r = await deps.health.ready();
      if (r.ready) return c.json({ ok: true, version: deps.health.version }, 200);
      c.header('Retry-After', String(RETRY_AFTER_S));
      return c.json(
        { error: { code: 'not_ready', message: OPERATIONS_MSG.unavailable }, reasons: r.reasons, version: deps.health.version },
        503,
      );
    });

/** What the admin's screens warn about (the dashboard, Configuración): the disk's free space, and the release. */
export const adminHealthRoutes = (deps: Pick<Deps, 'health'>) =>
  new Hono<AppEnv>().get('/', requireRole('admin'), async (c) => {
    const disk = await deps.health.disk();
    return c.json({
      version: deps.health.version,
      disk: disk ? { freeBytes: disk.freeBytes, totalBytes: disk.totalBytes, level: disk.level } : null,
    });
  });
