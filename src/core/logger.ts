import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * API keys must never reach a log line: the auth header is redacted wherever pino
 * would print request headers, user-supplied keys in bodies are redacted too, and the
 * request serializer redacts an `apiKey` query parameter from logged URLs.
 */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'apiKey',
  '*.apiKey',
];

const CENSOR = '[redacted]';

/** Query parameter names that carry an API key (`apiKey`, read by the auth hook, and its spellings). */
const KEY_PARAM = /^api[-_]?key$/i;

/**
 * The URL with the value of every API key parameter (`?apiKey=…`) replaced by [redacted]; the
 * rest is kept byte for byte. Names are compared decoded, so `%61piKey` is caught too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // a malformed escape is not a name the server would read either
    }
    return KEY_PARAM.test(name.trim()) && eq >= 0 ? `${rawName}=${CENSOR}` : pair;
  });
  return `${url.slice(0, q + 1)}${redacted.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}

/** The request as Fastify logs it ("incoming request"), with any API key in the URL redacted. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: CENSOR }, serializers: { req: serializeRequest } };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

/** The little a transport needs from a logger (satisfied by pino and Fastify's logger). */
export interface LogSink {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A LogSink that also writes info lines (the operational lines: a message received, refused). */
export interface InfoLogSink extends LogSink {
  info(details: object, message: string): void;
}
