import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env';
import { forbidden } from './errors';

/**
 * Security headers on every answer. The built web app has no inline script; styles may be set
 * from JS (toasts inject a <style>), so style-src allows inline styles but script-src does not.
 */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another site are refused. Browsers send Origin on every
 * cross-site POST/PUT/PATCH/DELETE and Sec-Fetch-Site where supported; a request with neither is
 * not from a browser page and cannot carry a victim's cookies by accident.
 */
export function sameOriginWrites(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const selfOrigin = new URL(c.req.url).origin;
      if (origin && origin !== allowed && origin !== selfOrigin) throw forbidden();
      if (!origin && site && site !== 'same-origin' && site !== 'none') throw forbidden();
    }
    await next();
  });
}
