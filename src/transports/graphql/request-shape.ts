import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.js';

/**
 * GraphQL over HTTP's request fields, checked before mercurius sees them, as the 400s they
 * are: graphql-js asserts that the query is a string with a plain Error (a 500), and
 * mercurius takes a query that is not GraphQL but parses as JSON (`1e23`, `{}`) for a
 * ready-made syntax tree, which then crashes validation (a 500). A query is GraphQL text,
 * and valid JSON never is. Mercurius' own checks (missing query, persisted queries) still apply.
 */
export function registerGraphqlRequestShape(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [where, fields] of [['query parameter', request.query], ['body field', request.body]] as const) {
      if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) continue;
      const { query, operationName, variables } = fields as Record<string, unknown>;
      if (query !== undefined && query !== null && (typeof query !== 'string' || isJson(query))) {
        throw badRequest(`${where} 'query' must be a string holding the GraphQL query`);
      }
      if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw badRequest(`${where} 'operationName' must be a string`);
      const isObject = variables !== null && typeof variables === 'object' && !Array.isArray(variables);
      // Over GET, variables come as JSON text; mercurius parses it.
      if (variables !== undefined && variables !== null && !isObject && !(where === 'query parameter' && typeof variables === 'string')) {
        throw badRequest(`${where} 'variables' must be a JSON object`);
      }
    }
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
