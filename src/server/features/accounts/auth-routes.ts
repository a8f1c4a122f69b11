import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { SIGN_IN_FAILURE_WINDOW_S, SIGN_IN_PAIR_MAX, signInDelayMs } from '../../../domain/sign-in-throttle';
import type { AppEnv, Deps } from '../../http/env';
import { errorJson } from '../../http/errors';
import { safeError } from '../../logger';
import { isDatabaseUnavailable } from '../../health/database-probe';
import { eq, inArray } from 'drizzle-orm';
import { newPasswordProblem } from '../../../domain/password-rules';
import { isStaffRole } from '../../../domain/roles';
import { user as userTable, verification } from '../../db/schema';
import { takesAnotherStaffName } from '../../accounts/staff-name';
import { passwordChosen, staffPasswordGate } from '../../accounts/staff-password';
import { consumeResendLimits, TooManyResends } from '../../accounts/verification-resend';
import { kioskOfSession, readLiveSession } from '../../http/guards';
import { KIOSK_MSG, kioskAllowsAuth } from '../../../domain/reception-kiosk';
import { createSessionReader } from '../../http/session-reader';
import { CLIENT_IP_HEADER, NAME_CONTROL_CHARACTERS } from '../../auth/auth';
import { isCommonPassword } from '../../auth/common-passwords';
import { perAccountKey, PER_ACCOUNT_PATHS, signInFailuresKey, signInPairKey } from '../../auth/rate-limit-keys';
import { afterSignup, SIGN_UP, takeSignupPhone } from './signup-phone';
import { resetTokenIdentifier } from '../../auth/verification-identifier';

// Sign-up and reset count every request for that email, per account (15 minutes).
// Sign-in counts only FAILED attempts (a client who signs in often is not an attacker), and since
// ADR 025, in two keys: account + address, which BLOCKS that pair after 10 failures, and
// the account alone, which only DELAYS further attempts (signInDelayMs): a stranger guessing from
// elsewhere can no longer keep the owner out.
const PER_ACCOUNT = { window: 15 * 60, max: 10 } as const;
const PAIR = { window: SIGN_IN_FAILURE_WINDOW_S, max: SIGN_IN_PAIR_MAX } as const;
const ACCOUNT_FAILURES = { window: SIGN_IN_FAILURE_WINDOW_S, max: Number.MAX_SAFE_INTEGER } as const;
const SIGN_IN = '/api/auth/sign-in/email';
const LIMITED_PER_ACCOUNT = new Set<string>(PER_ACCOUNT_PATHS);
// better-auth's own "send it again" (no session needed): the same per-address and per-IP limits as
// ours (accounts/verification-resend.ts), or anyone could fill a mailbox with confirmation mails.
const RESEND_VERIFICATION = '/api/auth/send-verification-email';
const UPDATE_USER = '/api/auth/update-user';
const CHANGE_PASSWORD = '/api/auth/change-password';

// The client's address moved down to the HTTP frame, where the booking room's public read uses it too.
export { clientIp } from '../../http/client-ip';
import { clientIp } from '../../http/client-ip';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function bodyOf(req: Request): Promise<Record<string, unknown>> {
  try {
    const body = (await req.clone().json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Passwords (ADR 025): a new password is refused when it is one of the 10,000 most
 * common, and for a staff account when shorter than 12. better-auth still checks 6..128.
 * `null` when the request sets no password here (or leaves the checks to better-auth).
 */
async function passwordRefusal(
  deps: Pick<Deps, 'auth' | 'db'>,
  path: string,
  req: Request,
): Promise<{ code: string; message: string } | null> {
  const field =
    path === '/api/auth/sign-up/email'
      ? 'password'
      : path === '/api/auth/reset-password' || path === '/api/auth/change-password'
        ? 'newPassword'
        : null;
  if (!field) return null;
  const body = await bodyOf(req);
  const password = body[field];
  if (typeof password !== 'string' || password.length === 0 || password.length > 128) return null;
  let role: string | undefined;
  // better-auth takes the token from the body or else the query string (`body.token || query.token`):
  // the rule must look where it looks, or a token in the query skipped the staff check.
  const token =
    path === '/api/auth/reset-password'
      ? typeof body.token === 'string' && body.token
        ? body.token
        : new URL(req.url).searchParams.get('token')
      : null;
  if (token && token.length <= 200) {
    const [row] = await deps.db
      .select({ role: userTable.role })
      .from(verification)
      .innerJoin(userTable, eq(userTable.id, verification.value))
            // Where better-auth looks: the hashed identifier, then a plain one (a row written before hashing).
      .where(inArray(verification.identifier, [resetTokenIdentifier(token), `reset-password:${token}`]));
    role = row?.role;
  } else if (path === '/api/auth/change-password') {
    const s = await deps.auth.api.getSession({ headers: req.headers }).catch(() => null);
    role = (s?.user as { role?: string } | undefined)?.role;
  }
  return newPasswordProblem(password, { staff: isStaffRole(role), isCommon: isCommonPassword });
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
  if (status === 401) return code === 'INVALID_EMAIL_OR_PASSWORD' ? STAFF_MSG.invalidCredentials : MSG.unauthenticated;
  if (status === 403) return MSG.forbidden;
  if (status === 404) return STAFF_MSG.notFound;
  if (status === 429) return MSG.tooManyRequests;
  if (code === NAME_CONTROL_CHARACTERS) return STAFF_MSG.textControlCharacters;
  return status >= 500 ? MSG.internal : MSG.invalidInput;
}

/** The better-auth endpoint without anything a token could hide in (`/reset-password/<token>` -> `/reset-password/:token`). */
export function authRouteName(path: string): string {
  const rest = path.replace(/^\/api\/auth/, '');
  const parts = rest.split('/').filter(Boolean).slice(0, 3);
  return '/' + parts.map((p, i) => (i === 0 || /^[a-z-]{1,40}$/.test(p) ? p.slice(0, 40) : ':param')).join('/');
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
  // The route only, never the raw path or query: a reset link's path holds its token (ADR 027).
  if (res.status >= 500) log.error({ status: res.status, route: authRouteName(c.req.path), code }, 'auth error');
  const status = res.status as ContentfulStatusCode;
  code ||= status === 404 ? 'NOT_FOUND' : status === 429 ? 'TOO_MANY_REQUESTS' : status >= 500 ? 'INTERNAL' : `HTTP_${status}`;
  const retry = res.headers.get('retry-after') ?? res.headers.get('x-retry-after');
  if (retry) c.header('Retry-After', retry);
  for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  return errorJson(c, status, code, authErrorMessage(status, code));
}

/**
 * Whether a POST's body is JSON. better-call also parses form-encoded, multipart and text bodies,
 * but the checks here read JSON only: anything else would reach better-auth unchecked (the
 * November review, docs/decisions/030). The OAuth callback is the provider's to post (form_post).
 */
export function acceptsBody(path: string, contentType: string | undefined): boolean {
  if (/^\/api\/auth\/(oauth2\/)?callback\//.test(path)) return true;
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** better-auth behind our own door: the client IP comes from the socket, never from a header a client sets. */
export const authRoutes = (deps: Pick<Deps, 'auth' | 'config' | 'rateLimit' | 'log' | 'db' | 'now'>) => {
  const readFast = createSessionReader(deps);
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    const post = c.req.method === 'POST';
    if (post && !acceptsBody(c.req.path, c.req.header('content-type')))
      return errorJson(c, 415, 'UNSUPPORTED_MEDIA_TYPE', STAFF_MSG.authJsonOnly);
    // The same session rules as every other /api route (a staff session idle for 12 hours has
    // ended): an ended session is deleted here, so better-auth then sees none.
    const live = c.req.header('cookie') ? await readLiveSession(deps, readFast, c.req.raw.headers) : null;
    // A signing kiosk (ADR 068) may read its session and sign out, nothing else of the account.
    if (live && !kioskAllowsAuth(c.req.path) && (live.kioskAppointmentId !== undefined ? live.kioskAppointmentId : await kioskOfSession(deps.db, live.sessionId)))
      return errorJson(c, 403, 'kiosk', KIOSK_MSG.locked);

    // better-auth throws what it did not expect (onAPIError.throw): logged here, redacted, by
    // route name only (a reset link's path holds its token), and answered as our 500.
    const handle = (r: Request) =>
      deps.auth.handler(r).catch((err: unknown) => {
        // The database out of reach: the app's error handler answers 503 (http/errors.ts).
        if (isDatabaseUnavailable(err)) throw err;
        deps.log.error({ err: safeError(err), route: authRouteName(c.req.path) }, 'auth error');
        return new Response(null, { status: 500 });
      });
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.config.trustProxyHops);
    headers.set(CLIENT_IP_HEADER, ip);
    let req = new Request(c.req.raw, { headers });
    const tooMany = (retryAfter: number | null, fallback: number) => {
      c.header('Retry-After', String(retryAfter ?? fallback));
      return errorJson(c, 429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
    };

    if (post) {
      const refused = await passwordRefusal(deps, c.req.path, req);
      if (refused) return errorJson(c, 400, refused.code, refused.message);
    }
    // The sign-up's optional phone (ADR 057): refused before any account exists, saved after.
    let signupPhone: string | null | undefined;
    if (post && c.req.path === SIGN_UP) {
      const taken = await takeSignupPhone(req);
      if ('refused' in taken) return errorJson(c, 400, taken.refused.code, taken.refused.message);
      signupPhone = taken.phone;
      req = taken.request;
    }
    // ADR 052: a staff member does not take another's name (money records name the employee record).
    if (post && c.req.path.replace(/\/+$/, '') === UPDATE_USER) {
      const s = await deps.auth.api.getSession({ headers: req.headers }).catch(() => null);
      if (await takesAnotherStaffName(deps.db, s?.user as { id: string; role?: unknown } | undefined, await bodyOf(req)))
        return errorJson(c, 400, 'STAFF_NAME_TAKEN', STAFF_MSG.staffNameTaken);
    }
    const email =
      post && (c.req.path === SIGN_IN || c.req.path === RESEND_VERIFICATION || LIMITED_PER_ACCOUNT.has(c.req.path))
        ? await emailOf(req)
        : null;
    if (email && c.req.path === RESEND_VERIFICATION) {
      try {
        await consumeResendLimits(deps.rateLimit, email, ip);
      } catch (err) {
        if (err instanceof TooManyResends) return tooMany(err.retryAfter, err.retryAfter);
        throw err;
      }
      return normaliseError(c, await handle(req), deps.log);
    }
    if (email && c.req.path === SIGN_IN) {
      const pairKey = signInPairKey(email, ip);
      const accountKey = signInFailuresKey(email);
      const d = await deps.rateLimit.peek(pairKey, PAIR);
      if (!d.allowed) return tooMany(d.retryAfter, PAIR.window);
      const wait = signInDelayMs(await deps.rateLimit.count(accountKey, ACCOUNT_FAILURES));
      if (wait > 0) await sleep(wait);
      const res = await handle(req);
      if (res.status === 401) {
        await deps.rateLimit.consume(pairKey, PAIR);
        await deps.rateLimit.consume(accountKey, ACCOUNT_FAILURES);
      }
      if (res.status === 200) {
        const password = (await bodyOf(req)).password;
        // Our answer instead of better-auth's: its Set-Cookie does not go along.
        if ((await staffPasswordGate(deps.db, email, typeof password === 'string' ? password : '')) === 'refused') {
          return errorJson(c, 403, 'STAFF_PASSWORD_RESET_REQUIRED', STAFF_MSG.staffPasswordRequired);
        }
      }
      return normaliseError(c, res, deps.log);
    }
    if (email) {
      const d = await deps.rateLimit.consume(perAccountKey(c.req.path, email), PER_ACCOUNT);
      if (!d.allowed) return tooMany(d.retryAfter, PER_ACCOUNT.window);
    }

    const res = await handle(req);
    if (signupPhone !== undefined) await afterSignup(deps, res, signupPhone);
    // Her own password chosen: the first-sign-in one (ADR 084) no longer fences her.
    if (post && live && res.status === 200 && c.req.path === CHANGE_PASSWORD) await passwordChosen(deps.db, live.user.id);
    return normaliseError(c, res, deps.log);
  });
};
