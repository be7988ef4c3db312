import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.js';

/**
 * Numbers a request carries are finite. Ajv coerces "Infinity" (and "1e400") to Infinity and
 * compares the text, not the number, with `maximum`, so both pass validation and reach the
 * database, which refuses them (a 500). JSON itself has no Infinity, so a non-finite number in a
 * parsed body can only come from that coercion too. Checked after validation, on the coerced values.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const query = request.query;
    if (query !== null && typeof query === 'object') {
      for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
        const values = Array.isArray(value) ? value : [value];
        if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
          throw badRequest(`query parameter '${name}' must be a finite number`);
        }
      }
    }
    const field = nonFiniteField(request.body);
    if (field !== undefined) throw badRequest(`body field '${field}' must be a finite number`);
  });
}

/**
 * The path of the first non-finite number in a parsed JSON body, walked without recursion
 * (bodies are already bounded in depth and size by json-bodies.ts and request-limits.ts).
 */
function nonFiniteField(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return undefined;
  const stack: Array<[unknown, string]> = [[body, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return path || '(body)';
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}
