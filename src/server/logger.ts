import pino from 'pino';
import { redactSecrets } from './log-redaction';

// One JSON line per event. Secrets never reach a log line: fields named like one are censored
// wherever they appear (request bodies are not logged at all), and every finished line, whoever
// wrote it, passes through redactSecrets: no token of any kind, by its shape
// (log-redaction.ts, docs/decisions/050-no-token-in-a-log-line.md).
// `destination` is standard output unless given (the integration run writes each server's log to a
// file so that every line can be searched for secrets: test/support/run-log.ts).
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options = {
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'headers.cookie', 'headers.authorization', '*.headers.cookie'],
      censor: '[oculto]',
    },
    hooks: { streamWrite: redactSecrets },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger } from 'pino';

// A failed query's error carries its parameters in its message ("Failed query: … params: <session
// token>, <email>, <password hash>"): seen in the server's log when PostgreSQL was killed under
// load (test/reliability/crash.rel.test.ts). An error is logged through safeError: name, code,
// message and stack with the parameters cut out, and its cause the same way.
const PARAMS_IN_MESSAGE = /\nparams:[\s\S]*$/;
const PARAMS_IN_STACK = /\nparams:[\s\S]*?(?=\n\s+at |$)/;

export function safeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) {
    if (typeof err === 'string') return err.replace(PARAMS_IN_MESSAGE, '\nparams: [oculto]');
    return typeof err === 'number' || typeof err === 'boolean' || err == null ? err : '[objeto]';
  }
  const out: Record<string, unknown> = { type: err.name, message: err.message.replace(PARAMS_IN_MESSAGE, '\nparams: [oculto]') };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (err.stack) out.stack = err.stack.replace(PARAMS_IN_STACK, '\nparams: [oculto]');
  if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
  return out;
}
