import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import { salonSettings } from '../../db/schema';
import type { AppEnv, Deps } from '../../http/env';

/** The privacy notice's facts (ADR 026): who holds the data and how to reach them. Public: the sign-up page links it. */
export const privacyRoutes = (deps: Pick<Deps, 'db'>) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const [row] = await deps.db
      .select({ name: salonSettings.name, address: salonSettings.address, phoneNumber: salonSettings.phoneNumber })
      .from(salonSettings)
      .where(eq(salonSettings.id, 1));
    c.header('Cache-Control', 'no-cache');
    return c.json({ salonName: row?.name ?? DEFAULT_SALON_NAME, address: row?.address ?? '', phoneNumber: row?.phoneNumber ?? '' });
  });
