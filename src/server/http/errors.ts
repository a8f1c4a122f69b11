import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../domain/texts/common';
import { STAFF_MSG } from '../../domain/texts/staff';
import { safeError, type Logger } from '../logger';
import { CONSENT_MSG } from '../../domain/consents';
import { CASH_CLOSE_MSG } from '../../domain/texts/cash-close';
import { pgErrorCode } from '../db/client';
import { isDatabaseUnavailable } from '../health/database-probe';
import { OPERATIONS_MSG } from '../../domain/texts/operations';

/** Every error a caller can meet answers `{ error: { code, message } }` (ARCHITECTURE.md §5.5). */
export type ApiErrorBody = { error: { code: string; message: string } };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.invalidInput, code = 'invalid_input') => new ApiError(400, code, message);
export const unauthorized = () => new ApiError(401, 'unauthenticated', MSG.unauthenticated);
export const forbidden = (message: string = MSG.forbidden) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string = STAFF_MSG.notFound) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);

export function errorJson(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: { code, message } } satisfies ApiErrorBody, status);
}

/** Seconds a browser, a monitor or a proxy is told to wait before asking again. */
export const RETRY_AFTER_S = 10;

/** The API's answer while the database is out of reach: 503, Retry-After, and what to tell the person. */
export function unavailableJson(c: Context) {
  c.header('Retry-After', String(RETRY_AFTER_S));
  c.header('Cache-Control', 'no-store');
  return errorJson(c, 503, 'unavailable', OPERATIONS_MSG.unavailable);
}

/** `onDatabaseDown`: told when a request met the database out of reach (health/database-probe.ts). */
export function createErrorHandler(log: Logger, onDatabaseDown?: () => void) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError) return errorJson(c, err.status, err.code, err.message);
    // PostgreSQL stopped, restarting or out of connections: "volvemos enseguida", with Retry-After;
    // the transaction the request was in has rolled back (docs/decisions/046).
    if (isDatabaseUnavailable(err)) {
      onDatabaseDown?.();
      log.warn({ err: safeError(err), path: c.req.path, method: c.req.method }, 'database unavailable');
      return unavailableJson(c);
    }
    // The database's own refusals (migration 0015_consents, ADR 041), whichever route met them:
    // completing a visit without its signed consent, and changing a signed document.
    const pg = pgErrorCode(err);
    if (pg === 'AUC02') return errorJson(c, 409, 'consent_missing', CONSENT_MSG.consentMissing);
    if (pg === 'AUC01') return errorJson(c, 409, 'document_immutable', MSG.invalidInput);
    // A write to the money of a closed day by anyone but the admin (migration 0021_cash_close, ADR 054).
    if (pg === 'AUT01') return errorJson(c, 409, 'till_closed', CASH_CLOSE_MSG.tillClosed);
    if (err instanceof HTTPException) {
      // Hono's own 4xx (malformed JSON, body too large): keep the status, say it in Spanish.
      const status = err.status as ContentfulStatusCode;
      if (status === 413) return errorJson(c, 413, 'payload_too_large', MSG.invalidInput);
      if (status < 500) return errorJson(c, status, 'invalid_input', MSG.invalidInput);
    }
    // Never a stack trace or SQL in an answer; the log line keeps what we need.
    log.error({ err: safeError(err), path: c.req.path, method: c.req.method }, 'unhandled error');
    return errorJson(c, 500, 'internal', MSG.internal);
  };
}
