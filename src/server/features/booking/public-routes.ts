import { Hono, type Context } from 'hono';
import { MSG } from '../../../domain/texts/common';
import type { AppEnv, Deps } from '../../http/env';
import { clientIp } from '../../http/client-ip';
import { ApiError } from '../../http/errors';
import { validate } from '../../http/validate';
import { bookingMonth } from './month';
import { daySlots, MonthQuery, SlotsQuery } from './read-queries';
import { visitSlotList } from './visit-booking';
import { visitQueryOf, VisitSlotsQuery } from './visit-routes';

// The public page's free times (ADR 079): the same slot list and month as a signed-in client reads
// (client-booking.ts and month.ts, asked as a client: the salon's opening hours bound them), for
// anyone, without a session. They carry times and day states only, never a name or an appointment.
// Each address may ask PUBLIC_READ_RULE times per window (the shared store, so every server
// instance counts together): a person choosing a time asks a few dozen; a scraper walking months
// for every professional is stopped.

/** Reads per address: 120 a minute is a client tapping through months and professionals, with room to spare. */
export const PUBLIC_READ_RULE = { window: 60, max: 120 } as const;

type PublicDeps = Pick<Deps, 'db' | 'now' | 'realtime' | 'rateLimit' | 'config'>;

/** Counts this request against its address; over the limit: 429 with Retry-After, in Spanish. */
async function limited(deps: PublicDeps, c: Context<AppEnv>) {
  const d = await deps.rateLimit.consume(`public-read:${clientIp(c, deps.config.trustProxyHops)}`, PUBLIC_READ_RULE);
  if (d.allowed) return;
  c.header('Retry-After', String(d.retryAfter ?? PUBLIC_READ_RULE.window));
  throw new ApiError(429, 'too_many_requests', MSG.tooManyRequests);
}

/** GET /api/booking/public/slots, /month and /visits/slots (ADR 105: a visit's times, the signed-in read's answer): no session needed, limited per address. */
export const publicBookingRoutes = (deps: PublicDeps) =>
  new Hono<AppEnv>()
    .get('/slots', validate('query', SlotsQuery), async (c) => {
      await limited(deps, c);
      return c.json(await daySlots(deps, c.req.valid('query')));
    })
    .get('/month', validate('query', MonthQuery), async (c) => {
      await limited(deps, c);
      return c.json(await bookingMonth(deps, c.req.valid('query')));
    })
    .get('/visits/slots', validate('query', VisitSlotsQuery), async (c) => {
      await limited(deps, c);
      return c.json(await visitSlotList(deps, visitQueryOf(c.req.valid('query'))));
    });
