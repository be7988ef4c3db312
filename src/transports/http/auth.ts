import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../../core/principal.js';
import { forbidden, unauthorized } from '../../core/errors.js';

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

/**
 * Every route of the context this is registered in needs `x-api-key`; routes with
 * `config.admin` need an admin key. Public routes (health, docs) and the 404 handler
 * live outside that context, so unknown routes answer 404 whoever asks.
 */
export function registerApiKeyAuth(app: FastifyInstance, keys: KeyResolver): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    // Already let in by a hook before this one (a preview link's token: preview-auth.ts).
    if (request.principal) return;
    const header = request.headers['x-api-key'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    if (!apiKey) throw unauthorized('Missing API key: send it in the x-api-key header');
    const principal = await keys.resolve(apiKey);
    if (!principal) throw unauthorized('Invalid or revoked API key');
    if (request.routeOptions.config?.admin && !principal.isAdmin) {
      throw forbidden('This operation needs an admin API key');
    }
    request.principal = principal;
  });
}

/** The caller of an authenticated route; the auth hook guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Missing API key: send it in the x-api-key header');
  return request.principal;
}
