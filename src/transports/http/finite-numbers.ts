import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.js';

/**
 * Query parameters typed as numbers are finite. Ajv coerces "Infinity" (and "1e400") to
 * Infinity and compares the text, not the number, with `maximum`, so both pass validation and
 * reach the database, which refuses them (a 500). Checked after validation, on the coerced values.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const query = request.query;
    if (query === null || typeof query !== 'object') return;
    for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
        throw badRequest(`query parameter '${name}' must be a finite number`);
      }
    }
  });
}
