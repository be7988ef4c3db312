/**
 * An API operation as a plain value: what it is called, where it lives, what it accepts
 * and what it answers, and a handler that knows nothing of HTTP. Modules declare these;
 * transports/http alone turns them into routes (auth, principal, client disconnects, error
 * mapping, OpenAPI). Handlers get the caller and the validated input, and return the
 * result (serialized by `response`) or a `Content`, or throw an AppError.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Principal } from './principal.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** key: any API key (the default); admin: an admin key; public: no key (docs, pixel images). */
export type Access = 'key' | 'admin' | 'public';

/**
 * How the request body arrives. json (the default): parsed and validated against `body`.
 * raw: the bytes of any content type, as a Buffer (an empty Buffer when there are none).
 * multipart: multipart/form-data, read by the handler through `upload`.
 */
export type BodyKind = 'json' | 'raw' | 'multipart';

/**
 * A response that is not JSON: a page, a file, the raw message; or the JSON of a foreign API's
 * shape (the SMS sink answers Twilio's errors), with its own `status` instead of the operation's.
 */
export class Content {
  constructor(
    readonly body: string | Buffer,
    readonly contentType: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly status?: number,
  ) {}
}

/** A stream of named events held open until the client leaves (server-sent events over HTTP). */
export class EventStream {
  /** `open` subscribes `send` and returns the function that unsubscribes it. */
  constructor(readonly open: (send: (name: string, payload: unknown) => void) => () => void) {}
}

/** One file of a multipart upload; its bytes are read on demand. */
export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  read(): Promise<Buffer>;
}

export interface Upload {
  /** false when the request is not multipart/form-data at all */
  readonly isMultipart: boolean;
  /** the files of the form in order (at most `maxFileSize` bytes each) */
  files(): AsyncIterable<UploadedFile>;
}

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

/** What a handler is given: the caller and the validated input. */
export interface Call<P = unknown, Q = unknown, B = unknown> {
  principal: Principal;
  /** the caller's tenant; empty on public operations */
  tenantId: string;
  params: P;
  query: Q;
  body: B;
  /** aborts when the client goes away before its answer is sent (held requests stop waiting) */
  readonly signal: AbortSignal;
  /** request headers, lower-case names */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** scheme and host the client used, e.g. http://localhost:7080 */
  baseUrl: string;
  /** the client's address (failed logins are counted per address: the SMS sink checks its own credentials) */
  ip: string;
  /** multipart operations only */
  upload: Upload;
}

/** The body a handler sees: the bytes for a raw body, else the validated JSON. */
type BodyOf<B, K extends BodyKind> = K extends 'raw' ? Buffer : StaticOf<B>;

export interface OperationSpec<Deps, P, Q, B, K extends BodyKind = BodyKind> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style: /inboxes/{inboxId} */
  path: string;
  summary?: string;
  description?: string;
  access?: Access;
  /** left out of the OpenAPI document */
  hidden?: boolean;
  /**
   * The permission an agent-scoped key needs, when the rule of modules/api-keys/permissions.ts
   * (controller and method) picks the wrong one.
   */
  permission?: string;
  /**
   * Besides the API key, the route opens for a preview token (query parameter `token`) this
   * server signed for `scope` and the id in path parameter `param`: the links of
   * getEmailPreviewURLs / getSentEmailPreviewURLs, which a browser opens with no key header.
   */
  previewToken?: { scope: 'email' | 'sent'; param: string };
  params?: P;
  query?: Q;
  body?: B;
  bodyKind?: K;
  /**
   * JSON null is `{}` too. (An empty or absent JSON body is `{}` for every operation whose body
   * requires no field, and a 400 naming the body for the others: transports/http/json-bodies.ts.)
   */
  optionalBody?: boolean;
  /** largest request body (or multipart file) in bytes; the server's default otherwise */
  bodyLimit?: (deps: Deps) => number;
  /** the error for a body over bodyLimit; a generic 413 otherwise */
  tooLarge?: (deps: Deps) => Error;
  /** success status: 200 unless given (201 created, 204 no content) */
  status?: 200 | 201 | 202 | 204;
  /** schema of the success body (it also filters what is sent); raw JSON Schema allowed */
  response?: TSchema | Record<string, unknown>;
  handler(call: Call<StaticOf<P>, StaticOf<Q>, BodyOf<B, K>>, deps: Deps): Promise<unknown> | unknown;
}

/** An operation with its types erased, as transports hold them. */
export interface Operation<Deps = unknown> extends Omit<OperationSpec<Deps, TSchema, TSchema, TSchema>, 'handler'> {
  tag: string;
  handler(call: Call, deps: Deps): Promise<unknown> | unknown;
}

/**
 * The `define` function of one controller: fixes the services its handlers receive and the
 * OpenAPI tag, and infers the handler's input types from the schemas.
 */
export function operationsOf<Deps>(tag: string) {
  return <
    P extends TSchema | undefined = undefined,
    Q extends TSchema | undefined = undefined,
    B extends TSchema | undefined = undefined,
    K extends BodyKind = 'json',
  >(
    spec: OperationSpec<Deps, P, Q, B, K>,
  ): Operation<Deps> => ({ ...spec, tag }) as unknown as Operation<Deps>;
}
