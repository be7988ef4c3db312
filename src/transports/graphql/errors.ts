import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import { AppError, type ErrorCode } from '../../core/errors.js';

/**
 * Service error codes in the vocabulary GraphQL clients know (Apollo's codes where one
 * exists: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN), carried in `extensions.code`.
 */
export const GRAPHQL_CODE_BY_APP_CODE: Record<ErrorCode, string> = {
  BAD_REQUEST: 'BAD_USER_INPUT',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TIMEOUT: 'TIMEOUT',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/**
 * The HTTP status an error before execution answers with (GraphQL over HTTP), by service
 * error code: the same statuses the REST transport uses for the same codes.
 */
const STATUS_BY_APP_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TIMEOUT: 408,
  CONFLICT: 409,
  TOO_LARGE: 413,
  QUOTA_EXCEEDED: 429,
  UNAVAILABLE: 503,
};

const INTERNAL_MESSAGE = 'Internal error; the server log has the details';

interface Logger {
  error(obj: unknown, message: string): void;
}

interface Classified {
  formatted: GraphQLFormattedError;
  /** the HTTP status this error alone would answer with, before any execution */
  status: number;
}

/**
 * mercurius' errorFormatter. Errors raised while executing (they carry a `path`) answer 200
 * with `data` and `errors`, as GraphQL over HTTP asks; errors before execution (no or bad
 * key, a query that does not parse or validate, a malformed body) answer with their own status.
 */
export function formatGraphqlErrors(
  execution: ExecutionResult & { errors: readonly GraphQLError[] },
  context: { reply?: { log: Logger } },
): { statusCode: number; response: ExecutionResult } {
  const log = context.reply?.log;
  const classified = execution.errors.flatMap((error) => expand(error).map((e) => classify(e.error, e.status, log)));
  const executed = execution.errors.some((error) => error.path !== undefined);
  const statusCode = executed ? 200 : Math.max(...classified.map((c) => c.status), 400);
  return {
    statusCode,
    // The formatted errors are what gets serialized; graphql's types want GraphQLError here.
    response: { data: execution.data ?? null, errors: classified.map((c) => c.formatted) as unknown as GraphQLError[] },
  };
}

/**
 * mercurius wraps parse and validation failures (and a mutation sent over GET) in one error
 * holding the real ones; those inherit the wrapper's status.
 */
function expand(error: GraphQLError): Array<{ error: GraphQLError | Error; status?: number }> {
  const wrapper = error.originalError as { errors?: unknown; statusCode?: unknown } | undefined;
  const inner = wrapper?.errors;
  if (!Array.isArray(inner) || inner.length === 0) return [{ error }];
  const status = typeof wrapper?.statusCode === 'number' ? wrapper.statusCode : undefined;
  return (inner as Array<GraphQLError | Error>).map((e) => ({ error: e, status }));
}

function classify(error: GraphQLError | Error, wrapperStatus: number | undefined, log: Logger | undefined): Classified {
  const gql = error instanceof GraphQLError ? error : undefined;
  const original = gql ? gql.originalError : error;
  const where = { locations: gql?.locations, path: gql?.path };

  if (original instanceof AppError) {
    const code = GRAPHQL_CODE_BY_APP_CODE[original.code];
    return { formatted: { message: original.message, ...where, extensions: { code } }, status: STATUS_BY_APP_CODE[original.code] };
  }
  if (gql && !original && !gql.path) {
    // graphql-js' own errors: syntax, validation against the schema, variable coercion.
    const code = gql.message.startsWith('Syntax Error')
      ? 'GRAPHQL_PARSE_FAILED'
      : gql.message.startsWith('Variable "$')
        ? 'BAD_USER_INPUT'
        : 'GRAPHQL_VALIDATION_FAILED';
    return { formatted: { message: gql.message, ...where, extensions: { ...gql.extensions, code } }, status: 400 };
  }
  const own = (original as { statusCode?: unknown; code?: unknown } | undefined);
  const status = typeof own?.statusCode === 'number' ? own.statusCode : wrapperStatus;
  if (original && status !== undefined && status >= 400 && status < 500) {
    // Fastify and mercurius refusals: malformed JSON, a body without `query`, a mutation over GET.
    const message = own?.code === 'MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND' ? 'The request needs a GraphQL query: send {"query": "..."}' : original.message;
    const code = status === 405 ? 'METHOD_NOT_ALLOWED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return { formatted: { message, ...where, extensions: { code } }, status };
  }
  log?.error({ err: original ?? error }, 'graphql request failed');
  return { formatted: { message: INTERNAL_MESSAGE, ...where, extensions: { code: 'INTERNAL_SERVER_ERROR' } }, status: 500 };
}
