import { getConnInfo } from '@hono/node-server/conninfo';

// The client's address, for the limits kept per address: the sign-in door (features/accounts)
// and the public page's free times (features/booking/public-routes.ts, ADR 079).

/**
 * The client's address. Behind `hops` trusted proxies (TRUST_PROXY, README) each proxy APPENDS
 * the address it saw to X-Forwarded-For, so the client is the `hops`-th entry from the right:
 * anything to its left was written by the client and is ignored (ADR 025; the leftmost entry
 * used to be taken, so a client chose its own address and escaped every per-address limit).
 */
export function forwardedClientIp(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

export function clientIp(c: Parameters<typeof getConnInfo>[0], hops: number): string {
  const forwarded = forwardedClientIp(c.req.header('x-forwarded-for'), hops);
  if (forwarded) return forwarded.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? '0.0.0.0';
  } catch {
    return '0.0.0.0'; // app.request() in tests has no socket
  }
}
