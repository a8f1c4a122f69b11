import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/env';
import { salonProfile } from './service';

// The salon's public page (ADR 078): readable by anyone, signed in or not. Its free times are the
// booking room's public read (features/booking/public-routes.ts); booking itself stays
// POST /api/booking, signed in, with every rule of the client's own booking.

/** GET /api/public-page: the salon's profile, public (no guard: nothing in it is personal). */
export const publicPageRoutes = (deps: Pick<Deps, 'db'>) => new Hono<AppEnv>().get('/', async (c) => c.json(await salonProfile(deps.db)));
