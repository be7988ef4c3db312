import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * API keys must never reach a log line: the auth header is redacted wherever pino
 * would print request headers, and user-supplied keys in bodies are redacted too.
 */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'apiKey',
  '*.apiKey',
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

/** The little a transport needs from a logger (satisfied by pino and Fastify's logger). */
export interface LogSink {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
