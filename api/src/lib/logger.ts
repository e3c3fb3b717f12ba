import pino, { type Logger } from 'pino';
import type { Env } from '../config/env';

export type { Logger };

/** Structured JSON logs on stdout; secrets in URLs and headers are redacted. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: 'wayfarer-api' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        'couchUrl',
      ],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
