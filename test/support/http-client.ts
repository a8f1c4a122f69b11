import { eq, sql } from 'drizzle-orm';
import { user } from '../../src/server/db/schema';
import type { Role } from '../../src/domain/roles';
import type { Deps } from '../../src/server/http/env';
import { rememberCookie, rememberSecret } from './run-log';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the API answers
type AnyBody = any;

export type HttpResult<T = AnyBody> = { status: number; body: T; headers: Headers };

export type Session = {
  readonly url: string;
  /** name -> value of the cookies this "browser" holds. */
  readonly cookies: Map<string, string>;
  get: <T = AnyBody>(path: string, headers?: Record<string, string>) => Promise<HttpResult<T>>;
  post: <T = AnyBody>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpResult<T>>;
  patch: <T = AnyBody>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpResult<T>>;
  put: <T = AnyBody>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpResult<T>>;
  delete: <T = AnyBody>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpResult<T>>;
  /** Any request; redirects are NOT followed (read `location` from the headers). */
  request: <T = AnyBody>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpResult<T>>;
};

export type SessionOptions = {
  /** Sent on every request, e.g. `{ 'x-forwarded-for': '10.0.0.7' }` with a TRUST_PROXY=true server. */
  headers?: Record<string, string>;
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function storeCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';');
    const i = pair.indexOf('=');
    if (i <= 0) continue;
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const expired = attrs.some((a) => {
      const [k = '', v = ''] = a.split('=').map((s) => s.trim());
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else {
      jar.set(name, value);
      rememberCookie(value);
    }
  }
}

/**
 * A tiny cookie-keeping HTTP client that behaves like a browser tab on the app's origin: it keeps
 * the cookies the server sets and sends `Origin: <server origin>` on every write.
 */
export function newSession(url: string, opts: SessionOptions = {}): Session {
  const base = url.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const cookies = new Map<string, string>();

  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const h = new Headers(opts.headers);
    if (!SAFE.has(method)) h.set('origin', origin);
    if (cookies.size > 0) h.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (body !== undefined) h.set('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) h.set(k, v);
    if (body && typeof body === 'object') {
      const b = body as Record<string, unknown>;
      rememberSecret(...['password', 'newPassword', 'currentPassword', 'token', 'code'].map((k) => (typeof b[k] === 'string' ? (b[k] as string) : undefined)));
    }
    const res = await fetch(path.startsWith('http') ? path : base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    storeCookies(cookies, res);
    const text = await res.text();
    let parsed: unknown = text === '' ? null : text;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // leave the text
      }
    }
    return { status: res.status, body: parsed as AnyBody, headers: res.headers };
  };

  return {
    url: base,
    cookies,
    request,
    get: (p, h) => request('GET', p, undefined, h),
    post: (p, b, h) => request('POST', p, b ?? {}, h),
    patch: (p, b, h) => request('PATCH', p, b ?? {}, h),
    put: (p, b, h) => request('PUT', p, b ?? {}, h),
    delete: (p, b, h) => request('DELETE', p, b, h),
  };
}

export type Credentials = { email: string; password: string; name?: string };

/** Signs up through better-auth (POST /api/auth/sign-up/email) and returns the signed-in session. Throws on a non-200. */
export async function signUp(url: string, input: Credentials, opts: SessionOptions = {}): Promise<Session> {
  const s = newSession(url, opts);
  const res = await s.post('/api/auth/sign-up/email', { name: '', ...input });
  if (res.status !== 200) throw new Error(`sign-up of ${input.email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return s;
}

/** Signs in through better-auth (POST /api/auth/sign-in/email) and returns the session. Throws on a non-200. */
export async function signIn(url: string, input: Omit<Credentials, 'name'>, opts: SessionOptions = {}): Promise<Session> {
  const s = newSession(url, opts);
  const res = await s.post('/api/auth/sign-in/email', { email: input.email, password: input.password });
  if (res.status !== 200) throw new Error(`sign-in of ${input.email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return s;
}

/** Arranging a test: sets user.role directly in the database (the API never lets a user do this). */
export async function promote(deps: Pick<Deps, 'db'>, email: string, role: Role): Promise<void> {
  const rows = await deps.db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .returning({ id: user.id });
  if (rows.length !== 1) throw new Error(`promote: no user ${email}`);
}
