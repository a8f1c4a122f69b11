import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import type { AppEnv, Deps } from '../../http/env';
import { clientIp } from '../../http/client-ip';
import { ApiError } from '../../http/errors';
import { isSalonDay } from '../../http/salon-day';
import { lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { availableSlots } from './client-booking';
import { anyoneDaySlots, ANY_PROFESSIONAL, bookingMonth } from './month';

// The public page's free times (ADR 079): the same slot list and month as a signed-in client reads
// (client-booking.ts and month.ts, asked as a client: the salon's opening hours bound them), for
// anyone, without a session. They carry times and day states only, never a name or an appointment.
// Each address may ask PUBLIC_READ_RULE times per window (the shared store, so every server
// instance counts together): a person choosing a time asks a few dozen; a scraper walking months
// for every professional is stopped.

/** Reads per address: 120 a minute is a client tapping through months and professionals, with room to spare. */
export const PUBLIC_READ_RULE = { window: 60, max: 120 } as const;

const SlotsQuery = z.strictObject({
  serviceId: lookupId,
  professionalId: lookupId,
  date: z.string().refine(isSalonDay),
});
const MonthQuery = z.strictObject({
  serviceId: lookupId,
  professionalId: lookupId,
  month: z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/),
});

type PublicDeps = Pick<Deps, 'db' | 'now' | 'realtime' | 'rateLimit' | 'config'>;

/** Counts this request against its address; over the limit: 429 with Retry-After, in Spanish. */
async function limited(deps: PublicDeps, c: Context<AppEnv>) {
  const d = await deps.rateLimit.consume(`public-read:${clientIp(c, deps.config.trustProxyHops)}`, PUBLIC_READ_RULE);
  if (d.allowed) return;
  c.header('Retry-After', String(d.retryAfter ?? PUBLIC_READ_RULE.window));
  throw new ApiError(429, 'too_many_requests', MSG.tooManyRequests);
}

/** GET /api/booking/public/slots and /month: no session needed, limited per address. */
export const publicBookingRoutes = (deps: PublicDeps) =>
  new Hono<AppEnv>()
    .get('/slots', validate('query', SlotsQuery), async (c) => {
      await limited(deps, c);
      const q = c.req.valid('query');
      return c.json(q.professionalId === ANY_PROFESSIONAL ? await anyoneDaySlots(deps, q) : await availableSlots(deps, q));
    })
    .get('/month', validate('query', MonthQuery), async (c) => {
      await limited(deps, c);
      return c.json(await bookingMonth(deps, c.req.valid('query')));
    });
