import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { isValidIsoDate } from '../../../domain/salon-time';
import type { AppEnv, Deps } from '../../http/env';
import { requireUser } from '../../http/guards';
import { lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { EVERY_EMPLOYEE, type RealtimeEvent } from '../../live-events/realtime';

const Query = z.strictObject({
  employeeId: lookupId.optional(),
  date: z.string().refine(isValidIsoDate).optional(),
});

/**
 * Server-Sent Events: "the appointments of employee E (or of everyone) on date D changed". The event carries no
 * personal data, only what to refetch, so any signed-in user may listen; the refetch itself is
 * authorised as usual. Fed by PostgreSQL LISTEN/NOTIFY, so a change made through any instance
 * reaches browsers connected to every instance.
 */
export const liveEventsRoutes = (deps: Pick<Deps, 'realtime'>) =>
  new Hono<AppEnv>().get('/', requireUser(), validate('query', Query), (c) => {
    const { employeeId, date } = c.req.valid('query');
    const wanted = (e: RealtimeEvent) =>
      (!employeeId || e.employeeId === employeeId || e.employeeId === EVERY_EMPLOYEE) && (!date || e.dates.includes(date));
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let id = 0;
      const unsubscribe = deps.realtime.subscribe((e) => {
        if (wanted(e)) void stream.writeSSE({ event: e.type, data: JSON.stringify(e), id: String(++id) });
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      // A comment line every 20 s keeps proxies from closing an idle stream.
      const ping = setInterval(() => void stream.write(': ping\n\n'), 20_000);
      // Until the browser goes away or the server stops (a stop ends every stream at once).
      let stopListening = () => {};
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        stopListening = deps.realtime.onStop(resolve);
      });
      stopListening();
      clearInterval(ping);
      unsubscribe();
    });
  });
