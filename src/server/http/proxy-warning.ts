import type { MiddlewareHandler } from 'hono';
import type { Deps } from './env';

/**
 * Behind a proxy without TRUST_PROXY every request seems to come from the proxy's address, so one
 * client's failed sign-ins block everyone's (the limits are per address, ADR 025). Said once in
 * the log, at the first request that came through a proxy (it carries X-Forwarded-For).
 */
export function warnOfUntrustedProxy(deps: Pick<Deps, 'config' | 'log'>): MiddlewareHandler {
  let warned = deps.config.trustProxy;
  return async (c, next) => {
    if (!warned && c.req.header('x-forwarded-for') !== undefined) {
      warned = true;
      deps.log.warn(
        "requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client seems to come from the proxy, and one client's failed sign-ins block everyone. Set TRUST_PROXY=true (one proxy) or the number of proxies (docs/operations.md)",
      );
    }
    await next();
  };
}
