import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { LIMITS } from '../../../domain/back-office-rules';
import { MSG } from '../../../domain/texts/common';
import { TooManyResends } from '../../accounts/verification-resend';
import { clientIp } from './auth-routes';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole, requireUser } from '../../http/guards';
import { validate } from '../../http/validate';
import { accountEmailStatus, resendForAccount, resendOwn } from './email-verification-service';

const ForAccountBody = z.strictObject({
  email: z
    .string({ error: MSG.linkEmailRequired })
    .trim()
    .min(1, MSG.linkEmailRequired)
    .max(LIMITS.emailMax, MSG.linkUserNotFound)
    // Not an address at all: no account can have it (the lookup's own words).
    .pipe(z.email(MSG.linkUserNotFound)),
});

// Nothing to choose: it is always the signed-in account's own email.
const OwnBody = z.strictObject({});

/** Past a limit: says when to try again (the error handler answers the 429 and keeps this header). */
async function withRetryAfter<T>(c: Context, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TooManyResends) c.header('Retry-After', String(err.retryAfter));
    throw err;
  }
}

/**
 * /api/email-verification — whether the signed-in account's email is confirmed, asking for the
 * confirmation email again, and (admin) sending it again to an account being linked as staff.
 */
export const emailVerificationRoutes = (deps: Pick<Deps, 'auth' | 'db' | 'log' | 'rateLimit' | 'config'>) =>
  new Hono<AppEnv>()
    .get('/', requireUser(), async (c) => c.json(await accountEmailStatus(deps, c.get('user'))))
    .post('/resend', requireUser(), validate('json', OwnBody), async (c) =>
      c.json(await withRetryAfter(c, () => resendOwn(deps, c.get('user'), clientIp(c, deps.config.trustProxyHops))), 200),
    )
    .post('/resend-for-account', requireRole('admin'), validate('json', ForAccountBody), async (c) =>
      c.json(await withRetryAfter(c, () => resendForAccount(deps, c.req.valid('json').email, clientIp(c, deps.config.trustProxyHops))), 200),
    );
