import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.js';
import type { Operation } from '../../core/operation.js';
import { deref, isObjectSchema, requiredOf, type SchemaLookup } from './schema-lookup.js';
import { depthError, jsonDepthExceeds } from './request-limits.js';

/**
 * JSON bodies as Fastify parses them, except that an empty body (or only white space) is no
 * body: clients (the generated MailSlurp client among them) send Content-Type:
 * application/json with nothing after it when every option is left out. What no body means
 * for an operation is `absentBodyHook`'s business. A body nesting deeper than `maxDepth`
 * is refused (400) before it is parsed.
 */
export function registerJsonBodies(app: FastifyInstance, maxDepth: number): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text, maxDepth)) return done(depthError(maxDepth), undefined);
    return json(request, text, done);
  });
}

/**
 * What a JSON operation does with no body (none sent, or an empty one): when its body schema
 * (a registered model, through `lookup`) requires no field, the call goes on as if `{}` had
 * been sent, the default options; otherwise it is a 400 naming the body and its required
 * fields. `optionalBody` operations also take JSON `null` as `{}`. Undefined for operations
 * without a JSON body.
 */
export function absentBodyHook<Deps>(op: Operation<Deps>, lookup: SchemaLookup): ((request: FastifyRequest) => Promise<void>) | undefined {
  if (!op.body || (op.bodyKind ?? 'json') !== 'json') return undefined;
  if (op.optionalBody) {
    return async (request) => {
      request.body ??= {};
    };
  }
  const schema = deref(op.body, lookup);
  const required = requiredOf(schema, lookup);
  const ref = (op.body as { $ref?: unknown }).$ref;
  const name = typeof ref === 'string' ? ` (${ref})` : '';
  if (isObjectSchema(schema, lookup) && required.length === 0) {
    return async (request) => {
      if (request.body === undefined) request.body = {};
    };
  }
  const fields = required.length > 0 ? ` with ${required.join(', ')}` : '';
  const message = `request body is required: ${isObjectSchema(schema, lookup) ? `a JSON object${name}${fields}` : `JSON${name}`}`;
  return async (request) => {
    if (request.body === undefined) throw badRequest(message);
  };
}
