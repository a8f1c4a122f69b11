import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../http/env';
import { verifyConsentSignToken } from '../../notifications/consent-tokens';

// The consent link's token leaves the address at the first step (ADR 051): the mailed link
// /firma/<token> is answered with a short-lived cookie that holds it, scoped to the link's own API
// (/api/consents/link), and a redirect to /firma, which has no token. The page and its downloads
// then call /api/consents/link with that cookie: no later request, log line, browser history
// entry or Referer carries the token. Mailed links keep working: they all make this first step.

export const LINK_COOKIE = 'auna_firma';
/** Where the cookie is sent: the link's API only, never the rest of the app. */
export const LINK_COOKIE_PATH = '/api/consents/link';
/** Two hours: time to read the consent and sign; after that, the mailed link opens it again. */
export const LINK_COOKIE_SECONDS = 2 * 60 * 60;

/** The token the link's cookie holds, if any. */
export const linkToken = (c: Context<AppEnv>) => getCookie(c, LINK_COOKIE);

/** GET /firma/:token (mounted before the pages): the token into the cookie, and on to /firma. */
export const consentLinkExchangeRoutes = (deps: Pick<Deps, 'config' | 'messageSecret'>) =>
  new Hono<AppEnv>().get('/:token', (c) => {
    const token = c.req.param('token');
    // Only a token of ours is kept (its visit is checked on each call); anything else clears an old one.
    if (token.length <= 200 && verifyConsentSignToken(deps.messageSecret, token)) {
      setCookie(c, LINK_COOKIE, token, {
        path: LINK_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'Strict',
        secure: deps.config.secureCookies,
        maxAge: LINK_COOKIE_SECONDS,
      });
    } else {
      deleteCookie(c, LINK_COOKIE, { path: LINK_COOKIE_PATH, secure: deps.config.secureCookies });
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect('/firma', 303);
  });
