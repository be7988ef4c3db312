import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../core/errors.js';
import type { Operation } from '../../core/operation.js';
import type { KeyScopeChecker } from '../../modules/api-keys/key-scope.js';
import type {} from '../route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the operation a route serves (operations.ts); absent on GraphQL */
    operation?: Operation<unknown>;
  }
}

/**
 * An agent-scoped key's scope on every route of the authenticated context: the permission in
 * preValidation, the inboxes in a preHandler on the validated input (modules/api-keys/key-scope.ts
 * decides). Routes
 * that are no operation (GraphQL) are refused to scoped keys outright, except those that only
 * call operations with the same key (`viaOperations`, the MCP endpoint): each call is checked.
 */
export function registerKeyScopes(app: FastifyInstance, checker: KeyScopeChecker): void {
  // The permission first, before the input is validated: a key without it learns nothing more.
  app.addHook('preValidation', async (request) => {
    const principal = request.principal;
    if (!principal?.keyScope) return;
    const op = request.routeOptions.config?.operation;
    if (!op && request.routeOptions.config?.viaOperations) return;
    if (!op) throw forbidden('GraphQL is not open to agent-scoped API keys: use the REST API, where each operation checks the key\'s permissions');
    checker.checkPermission(principal, op);
  });
  // The inboxes on the validated (coerced) path, query and body.
  app.addHook('preHandler', async (request) => {
    const principal = request.principal;
    const op = request.routeOptions.config?.operation;
    if (!principal?.keyScope || !op) return;
    await checker.checkInboxes(principal, op, { params: request.params, query: request.query, body: request.body });
  });
}
