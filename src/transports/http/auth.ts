import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../core/principal.js';
import { forbidden, quotaExceeded, unauthorized } from '../../core/errors.js';
import type { AuthThrottle } from '../auth-throttle.js';
import { apiKeyFromHeaders, firstValue } from '../api-key-header.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** route needs an admin key */
    admin?: boolean;
  }
}

export interface KeyResolver {
  resolve(apiKey: string): Promise<Principal | undefined>;
}

/** The query parameter MailSlurp also reads the key from; less safe than the header (URLs get logged and shared). */
export const API_KEY_PARAM = 'apiKey';

/**
 * The key of a request: the `x-api-key` header, else `Authorization: Bearer <key>`, else the
 * `apiKey` query parameter (as MailSlurp accepts the header and the parameter). The parameter is taken out of the query so no handler ever sees it, and the
 * request log redacts it from the URL (core/logger.ts).
 */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query && typeof query === 'object' ? firstValue(query[API_KEY_PARAM]) : undefined;
  if (query && typeof query === 'object') delete query[API_KEY_PARAM];
  return apiKeyFromHeaders(request.headers) ?? fromQuery;
}

/**
 * Every route of the context this is registered in needs a key (`x-api-key`, or the `apiKey`
 * query parameter); routes with `config.admin` need an admin key. Public routes (health, docs)
 * and the 404 handler live outside that context, so unknown routes answer 404 whoever asks.
 * Wrong keys count against the caller's address in `throttle` (shared with SMTP and IMAP):
 * once it is locked out, every request from there is 429 with Retry-After until the lockout
 * ends, whatever key it carries (a missing key is a mistake, not a guess: it does not count).
 * `onRefused` is told of each wrong key (the audit log).
 */
export function registerApiKeyAuth(app: FastifyInstance, keys: KeyResolver, throttle?: AuthThrottle, onRefused?: (request: FastifyRequest) => void): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request, reply) => {
    // Already let in by a hook before this one (a preview link's token: preview-auth.ts).
    if (request.principal) return;
    refuseWhileLockedOut(throttle, request, reply);
    const apiKey = apiKeyOf(request);
    if (!apiKey) throw unauthorized('Missing API key: send it in the x-api-key header (or as Authorization: Bearer <key>)');
    const principal = await keys.resolve(apiKey);
    if (!principal) {
      // Wrong keys sent together: those that finish after one of them started the lockout are
      // refused as locked out (and not counted), so exactly the limit of them are ever 401.
      refuseWhileLockedOut(throttle, request, reply);
      throttle?.failed(request.ip);
      onRefused?.(request);
      throw unauthorized('Invalid or revoked API key');
    }
    if (request.routeOptions.config?.admin && !principal.isAdmin) {
      throw forbidden('This operation needs an admin API key');
    }
    request.principal = principal;
  });
}

function refuseWhileLockedOut(throttle: AuthThrottle | undefined, request: FastifyRequest, reply: FastifyReply): void {
  const lockedFor = throttle?.lockedFor(request.ip) ?? 0;
  if (lockedFor === 0) return;
  const seconds = Math.ceil(lockedFor / 1000);
  reply.header('retry-after', String(seconds));
  throw quotaExceeded(`Too many failed API keys from your address: try again in ${seconds} s (see the Retry-After header)`);
}

/** The caller of an authenticated route; the auth hook guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Missing API key: send it in the x-api-key header');
  return request.principal;
}
