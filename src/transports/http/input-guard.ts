import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.js';

/**
 * PostgreSQL cannot store U+0000 in text and most mail tooling chokes on it, so any
 * string holding one is refused up front (400 naming the field) for every route,
 * instead of failing deep in the database with a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where = findNul(request.params, 'path parameter') ?? findNul(request.query, 'query parameter') ?? findNul(request.body, 'body field');
    if (where) throw badRequest(`${where} contains a NUL character (\\u0000), which is not allowed`);
  });
}

function findNul(value: unknown, prefix: string, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? `${prefix} '${path || '(value)'}'` : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return `${prefix} name '${key.replace(/\u0000/g, '\\u0000')}'`;
    const found = findNul(child, prefix, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}
