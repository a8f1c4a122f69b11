import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';

// Hono's bodyLimit asks `c.req.raw.body` first, and under @hono/node-server that one getter builds
// the whole Fetch Request with a web stream over the socket (Readable.toWeb): every JSON request
// then read its few hundred bytes through web streams, about a tenth of a booking's app CPU in its
// profile (ADR 097). Here a request whose length is declared is judged by its headers alone (as
// bodyLimit itself does) and its body is later read by @hono/node-server's direct path; only a
// chunked body (no Content-Length) goes through bodyLimit's streaming count.

/** Whether a request of this method can carry a body at all (a Fetch Request never has one for GET or HEAD). */
export const mayHaveBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';

/** hono/body-limit's rule (over `maxSize` bytes: `onError`), without building the body stream when the length is declared. */
export function limitBody(maxSize: number, onError: (c: Context<AppEnv>) => Response | Promise<Response>): MiddlewareHandler<AppEnv> {
  const streaming = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (!mayHaveBody(c)) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (parseInt(length || '0', 10) > maxSize) return onError(c);
      return next();
    }
    return streaming(c, next);
  };
}
