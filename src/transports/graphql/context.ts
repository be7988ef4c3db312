import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../core/principal.js';
import { unauthorized } from '../../core/errors.js';

/** What every resolver gets: the caller the x-api-key hook resolved, if any. */
export interface GraphqlContext {
  principal?: Principal;
}

/**
 * Builds the context without throwing: mercurius also calls this from its error handler,
 * for requests the key check has already refused.
 */
export const buildContext = (request: FastifyRequest): GraphqlContext => ({ principal: request.principal });

/** The caller's tenant; every resolver scopes its service calls by it. */
export function tenantOf(context: GraphqlContext): string {
  if (!context.principal) throw unauthorized('Missing API key: send it in the x-api-key header');
  return context.principal.tenantId;
}
