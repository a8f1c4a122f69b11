import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../domain/messages';
import type { AppEnv, Deps } from '../http/env';
import { errorJson } from '../http/errors';
import { CLIENT_IP_HEADER } from './auth';

// Per account as well as per address: a guesser spreading over many IPs still hits this.
// Sign-in counts only FAILED attempts (a client who signs in often is not an attacker);
// sign-up and reset count every request for that email.
const PER_ACCOUNT = { window: 15 * 60, max: 10 } as const;
const SIGN_IN = '/api/auth/sign-in/email';
const LIMITED_PER_ACCOUNT = new Set([SIGN_IN, '/api/auth/sign-up/email', '/api/auth/request-password-reset']);

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '0.0.0.0';
  } catch {
    return '0.0.0.0'; // app.request() in tests has no socket
  }
}

async function emailOf(req: Request): Promise<string | null> {
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : null;
  } catch {
    return null;
  }
}

function authErrorMessage(status: number, code: string): string {
  if (status === 401) return code === 'INVALID_EMAIL_OR_PASSWORD' ? MSG.invalidCredentials : MSG.unauthenticated;
  if (status === 403) return MSG.forbidden;
  if (status === 404) return MSG.notFound;
  if (status === 429) return MSG.tooManyRequests;
  return status >= 500 ? MSG.internal : MSG.invalidInput;
}

/**
 * better-auth answers its errors as `{ code, message }` in English (with zod's field paths), and
 * an unknown path as an empty 404. Every /api answer is `{ error: { code, message } }` instead
 * (ARCHITECTURE.md §5.5): better-auth's code is kept (the web app words it, ADR 002), the message
 * is ours in Spanish, and the headers that matter (Retry-After, Set-Cookie) go along. An HTML
 * page (the OAuth error page) and redirects pass unchanged.
 */
async function normaliseError(c: Context<AppEnv>, res: Response, log: Deps['log']): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status < 400 || type.includes('text/html')) return res;
  let code = '';
  if (type.includes('json')) {
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown } | null;
    if (body && typeof body.code === 'string' && /^[A-Z0-9_]{1,64}$/i.test(body.code)) code = body.code.toUpperCase();
  }
  if (res.status >= 500) log.error({ status: res.status, path: c.req.path, code }, 'auth error');
  const status = res.status as ContentfulStatusCode;
  code ||= status === 404 ? 'NOT_FOUND' : status === 429 ? 'TOO_MANY_REQUESTS' : status >= 500 ? 'INTERNAL' : `HTTP_${status}`;
  const retry = res.headers.get('retry-after') ?? res.headers.get('x-retry-after');
  if (retry) c.header('Retry-After', retry);
  for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  return errorJson(c, status, code, authErrorMessage(status, code));
}

/** better-auth behind our own door: the client IP comes from the socket, never from a header a client sets. */
export const authRoutes = (deps: Pick<Deps, 'auth' | 'config' | 'rateLimit' | 'log'>) =>
  new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, clientIp(c, deps.config.trustProxy));
    const req = new Request(c.req.raw, { headers });

    const email = c.req.method === 'POST' && LIMITED_PER_ACCOUNT.has(c.req.path) ? await emailOf(req) : null;
    const accountKey = email ? `account:${c.req.path}:${email}` : null;
    if (accountKey) {
      const d = c.req.path === SIGN_IN ? await deps.rateLimit.peek(accountKey, PER_ACCOUNT) : await deps.rateLimit.consume(accountKey, PER_ACCOUNT);
      if (!d.allowed) {
        c.header('Retry-After', String(d.retryAfter ?? PER_ACCOUNT.window));
        return errorJson(c, 429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    }

    const res = await deps.auth.handler(req);
    if (accountKey && c.req.path === SIGN_IN && res.status === 401) await deps.rateLimit.consume(accountKey, PER_ACCOUNT);
    return normaliseError(c, res, deps.log);
  });
