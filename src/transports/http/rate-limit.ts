import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';

/**
 * At most `perMinute` requests per API key per minute on every route registered after this in
 * the same context (the authenticated API and GraphQL); 0 leaves them unlimited. Runs as a
 * preHandler, after the key check, so the count is per key (a preview link's token counts for
 * the key owner's principal) and a wrong key is the auth throttle's business, not this one's.
 * Answers 429 with Retry-After and the x-ratelimit-* headers of @fastify/rate-limit.
 */
export async function registerKeyRateLimit(api: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await api.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request) => (request.principal ? `key:${request.principal.apiKeyId}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) => Object.assign(
      new Error(`Rate limit of ${context.max} requests per minute for this API key exceeded (PIGEONHOLE_RATE_LIMIT): retry in ${context.after}`),
      { statusCode: context.statusCode },
    ),
  });
}
