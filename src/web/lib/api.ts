import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { MSG } from '../../domain/texts/common';

/** The typed API: every path, body and answer comes from the server's own routes. */
export const api = hc<AppType>('/api', { init: { credentials: 'same-origin' } });
export type ApiClient = typeof api;

/**
 * The same typed API over another transport: the server's first-view render (entry-server.tsx)
 * answers the page's queries by calling the server app itself, with the request's cookie. The
 * query factories of src/web/api/ take it as their last argument (the browser's `api` by default).
 */
export const apiClient = (baseUrl: string, fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>): ApiClient =>
  hc<AppType>(baseUrl, { fetch });

/** An answer that was not 2xx, carrying the server's `{ error: { code, message } }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function errorOf(res: Response, fallback: string): Promise<ApiRequestError> {
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    return new ApiRequestError(res.status, body.error?.code ?? 'error', body.error?.message ?? fallback);
  } catch {
    return new ApiRequestError(res.status, 'error', res.status === 429 ? MSG.tooManyRequests : fallback);
  }
}

/**
 * Awaits an hc call and returns its typed JSON, or throws ApiRequestError with the server's
 * Spanish message (or `fallback` when the answer has none, e.g. the network is down).
 */
export async function call<T>(request: Promise<{ ok: boolean; json(): Promise<T> } & Response>, fallback: string = MSG.internal): Promise<T> {
  let res: Response & { json(): Promise<T> };
  try {
    res = await request;
  } catch {
    throw new ApiRequestError(0, 'network', fallback);
  }
  if (!res.ok) throw await errorOf(res, fallback);
  return res.json();
}
