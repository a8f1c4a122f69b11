import { createMiddleware } from 'hono/factory';
import { mayHaveBody } from './body-limit';
import type { AppEnv } from './env';
import { badRequest } from './errors';

// PostgreSQL text cannot hold U+0000: a name, email, note or id carrying it made the INSERT or the
// query fail, which answered 500 (found by test/hostile-input.int.test.ts). No field of this app
// has a use for it, so it is refused once here, for every /api route (better-auth's included),
// before any handler sees it.

const NUL_IN_URL = /%00/i;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** 400 `invalid_input` for a U+0000 in the path, the query, a JSON or a form body (better-auth reads both). */
export function refuseNulCharacters() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = c.req.url;
    if (url.includes('\u0000') || NUL_IN_URL.test(url)) throw badRequest();
    const type = c.req.header('content-type') ?? '';
    if (mayHaveBody(c) && /json/i.test(type)) {
      // better-auth rebuilds the request from the raw one, so its routes read a clone; every other
      // route reads Hono's cached copy, which its validator parses without a second read (a
      // clone tees the body stream: measurable on every booking under npm run bench).
      const text = c.req.path.startsWith('/api/auth/') ? await c.req.raw.clone().text() : await c.req.text();
      if (text.includes('\u0000')) throw badRequest();
      if (/\\u0000/i.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // malformed JSON is the route's 400 to give
        }
        if (hasNul(parsed)) throw badRequest();
      }
    } else if (mayHaveBody(c) && /application\/x-www-form-urlencoded/i.test(type)) {
      const text = await c.req.raw.clone().text();
      if (text.includes('\u0000') || NUL_IN_URL.test(text)) throw badRequest();
    }
    await next();
  });
}
