import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import { Content, EventStream, type Call, type Operation, type Upload } from '../../core/operation.js';
import { principalOf } from './auth.js';
import { disconnectSignal } from './disconnect.js';
import { handleError } from './errors.js';
import { sendEventStream } from './event-stream.js';
import { absentBodyHook } from './json-bodies.js';
import { arrayQueryNames, splitCommaValues } from './query-arrays.js';
import type { SchemaLookup } from './schema-lookup.js';

const TOO_LARGE_CODES = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE']);

/** Public operations have no caller: their handlers get this empty principal. */
const ANONYMOUS = Object.freeze({ userId: '', tenantId: '', email: '', isAdmin: false, apiKeyId: '' });

/**
 * The only place where an operation descriptor becomes a Fastify route. `lookup` finds the
 * registered model schemas that `Type.Ref`s in the descriptor point at.
 */
export function toRoute<Deps>(op: Operation<Deps>, deps: Deps, lookup: SchemaLookup = () => undefined): RouteOptions {
  const status = op.status ?? 200;
  const response = op.response ?? (status === 204 ? { type: 'null', description: 'No content' } : undefined);
  const route: RouteOptions = {
    method: op.method,
    url: op.path.replace(/\{(\w+)\}/g, ':$1'),
    config: { admin: op.access === 'admin', operation: op as Operation<unknown>, ...(op.previewToken ? { previewToken: op.previewToken } : {}) },
    schema: {
      operationId: op.operationId,
      tags: [op.tag],
      ...(op.summary ? { summary: op.summary } : {}),
      ...(op.description ? { description: op.description } : {}),
      ...(op.hidden ? { hide: true } : {}),
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      ...(response ? { response: { [status]: response } } : {}),
    },
    handler: async (request, reply) => send(reply, status, await op.handler(callOf(op, request, reply), deps)),
  };
  const limit = op.bodyLimit?.(deps);
  if (limit !== undefined && op.bodyKind !== 'multipart') route.bodyLimit = limit;
  const before: Array<(request: FastifyRequest) => Promise<void>> = [];
  // Array query parameters also take comma-separated values (tags=qa,smoke), for every operation.
  const arrays = arrayQueryNames(op.query, lookup);
  if (arrays.length > 0) before.push(async (request) => splitCommaValues(request.query, arrays));
  // No body: the default options when the body requires nothing, else a 400 naming it.
  const absentBody = absentBodyHook(op, lookup);
  if (absentBody) before.push(absentBody);
  if (before.length > 0) route.preValidation = before;
  if (op.tooLarge) {
    const tooLarge = op.tooLarge;
    // Oversized bodies are refused by the parsers before the handler runs: say which limit applies.
    route.errorHandler = (error, request, reply) =>
      handleError(TOO_LARGE_CODES.has((error as { code?: string }).code ?? '') ? tooLarge(deps) : error, request, reply);
  }
  return route;
}

function callOf<Deps>(op: Operation<Deps>, request: FastifyRequest, reply: FastifyReply): Call {
  const principal = op.access === 'public' ? ANONYMOUS : principalOf(request);
  let signal: AbortSignal | undefined;
  return {
    principal,
    tenantId: principal.tenantId,
    params: request.params,
    query: request.query,
    body: op.bodyKind === 'raw' && !Buffer.isBuffer(request.body) ? Buffer.alloc(0) : request.body,
    // Made on first use: most operations never wait, and each signal holds a listener.
    get signal() {
      signal ??= disconnectSignal(reply);
      return signal;
    },
    headers: request.headers,
    baseUrl: `${request.protocol}://${request.host}`,
    ip: request.ip,
    upload: uploadOf(request),
  };
}

function uploadOf(request: FastifyRequest): Upload {
  return {
    get isMultipart() {
      return typeof request.isMultipart === 'function' && request.isMultipart();
    },
    async *files() {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        let read: Promise<Buffer> | undefined;
        yield { fieldName: part.fieldname, fileName: part.filename, contentType: part.mimetype, read: () => (read ??= part.toBuffer()) };
        // A file the handler skipped is drained, or the next part would never arrive.
        await (read ?? part.toBuffer());
      }
    },
  };
}

/**
 * Every non-JSON answer may carry what a sender chose (mail HTML, a part of any declared type,
 * an attachment): browsers must neither guess another type nor run it with the API's origin.
 * An operation may give its own, looser policy (the preview links allow their links' popups).
 */
const CONTENT_SAFETY = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' } as const;

async function send(reply: FastifyReply, status: number, result: unknown): Promise<unknown> {
  if (result instanceof Content) {
    reply.status(result.status ?? status).type(result.contentType);
    for (const [name, value] of Object.entries({ ...CONTENT_SAFETY, ...result.headers })) reply.header(name, value);
    return reply.send(result.body);
  }
  if (result instanceof EventStream) return sendEventStream(reply, result);
  if (status === 204) return reply.status(204).send();
  return reply.status(status).send(result);
}

/**
 * Registers operations in `app` (an authenticated context). JSON operations go straight in;
 * raw-body and multipart ones get a context of their own whose body parsers suit them, so
 * no other route accepts such bodies.
 */
export async function registerOperations<Deps>(app: FastifyInstance, ops: ReadonlyArray<Operation<Deps>>, deps: Deps): Promise<void> {
  const lookup: SchemaLookup = (id) => app.getSchema(id) as TSchema | undefined;
  for (const op of ops.filter((o) => (o.bodyKind ?? 'json') === 'json')) app.route(toRoute(op, deps, lookup));

  const raw = ops.filter((o) => o.bodyKind === 'raw');
  if (raw.length > 0) {
    await app.register(async (context) => {
      context.removeAllContentTypeParsers();
      context.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      for (const op of raw) context.route(toRoute(op, deps, lookup));
    });
  }

  for (const op of ops.filter((o) => o.bodyKind === 'multipart')) {
    await app.register(async (context) => {
      const fileSize = op.bodyLimit?.(deps);
      await context.register(multipart, { limits: { ...(fileSize !== undefined ? { fileSize } : {}), files: 1, fields: 20, fieldSize: 1024 * 1024 } });
      context.route(toRoute(op, deps, lookup));
    });
  }
}
