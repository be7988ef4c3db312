import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.js';

export interface RequestLimits {
  /** deepest nesting of objects and arrays in a JSON body (PIGEONHOLE_MAX_JSON_DEPTH) */
  maxJsonDepth: number;
  /** most items in one list, or fields in one object, of a body or the query (PIGEONHOLE_MAX_LIST_ITEMS) */
  maxListItems: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = { maxJsonDepth: 32, maxListItems: 1000 };

/**
 * How deep `text` (JSON) nests, stopping as soon as it passes `max`: one pass over the text,
 * no recursion and no parsing, so a 5,000-deep body costs microseconds and never reaches
 * code that recurses over values (validation, serializers, database drivers).
 * Malformed JSON is left to the parser, which names the problem.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The first list (or object) of `value` with more than `max` items, as a dotted path, with its size. */
export function oversizedList(value: unknown, max: number): { path: string; size: number; kind: 'items' | 'fields' } | undefined {
  // An explicit stack: the JSON depth limit bounds it, and nothing here can overflow the call stack.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const keys = Object.keys(current);
    if (keys.length > max) return { path, size: keys.length, kind: Array.isArray(current) ? 'items' : 'fields' };
    for (const key of keys) {
      const child = (current as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return undefined;
}

/**
 * Limits on the shape of every request, before validation: JSON bodies nest at most
 * `maxJsonDepth` deep (checked on the text, before parsing; see json-bodies.ts) and no list
 * or object in the body or query has more than `maxListItems` entries. Bounding lists here
 * keeps every id list a query binds under the databases' limits on bound values, and makes
 * a 100,000-id request a fast 400 instead of seconds of database work ending in a 500.
 */
export function registerRequestLimits(app: FastifyInstance, limits: RequestLimits): void {
  const check = (where: 'query parameter' | 'body field', value: unknown) => {
    const found = oversizedList(value, limits.maxListItems);
    if (!found) return;
    const name = found.path ? `${where} '${found.path}'` : where === 'body field' ? 'request body' : 'query';
    throw badRequest(`${name} has ${found.size} ${found.kind}; at most ${limits.maxListItems} are accepted (PIGEONHOLE_MAX_LIST_ITEMS)`);
  };
  // Before validation, so a huge list costs no validation work...
  app.addHook('preValidation', async (request: FastifyRequest) => {
    check('query parameter', request.query);
    check('body field', request.body);
  });
  // ...and the query again once its comma-separated values are split (a route's own step, which runs later).
  app.addHook('preHandler', async (request: FastifyRequest) => check('query parameter', request.query));
}

export function depthError(max: number): Error {
  return badRequest(`request body nests deeper than ${max} levels of objects and arrays (PIGEONHOLE_MAX_JSON_DEPTH)`);
}
