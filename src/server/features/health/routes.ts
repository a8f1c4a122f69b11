import { Hono } from 'hono';

/** Liveness for load balancers and the benchmark's floor: no session, no database. */
export const healthRoutes = () => new Hono().get('/', (c) => c.json({ ok: true }));
