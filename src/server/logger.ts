import pino from 'pino';

// One JSON line per event. Secrets never reach a log line: these paths are censored wherever
// they appear (request bodies are not logged at all).
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'headers.cookie', 'headers.authorization', '*.headers.cookie'],
      censor: '[oculto]',
    },
  });
}

export type { Logger } from 'pino';
