import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { errorBody, STATUS_BY_CODE } from './error-body.js';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const CONTEXT_WORDS: Record<string, string> = {
  body: 'body field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/** "path parameter 'inboxId' must be a UUID" rather than ajv's "params/inboxId must match format". */
export function describeValidation(context: string | undefined, issue: ValidationIssue): string {
  const where = CONTEXT_WORDS[context ?? ''] ?? 'field';
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty ?? '') : '';
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = [path, missing].filter(Boolean).join('.');
  if (issue.keyword === 'required') return `${where} '${field}' is required`;
  if (issue.keyword === 'format' && issue.params.format === 'uuid') return `${where} '${field}' must be a UUID`;
  if (issue.keyword === 'format' && issue.params.format === 'date-time') {
    return `${where} '${field}' must be an ISO-8601 date-time such as 2026-01-02T03:04:05.678Z`;
  }
  if (issue.keyword === 'enum') {
    const allowed = (issue.params.allowedValues as unknown[] | undefined)?.join(', ');
    return `${where} '${field}' must be one of ${allowed}`;
  }
  if (!field && context === 'body' && issue.keyword === 'type') return `request body must be a JSON ${issue.params.type === 'array' ? 'array' : 'object'}`;
  if (!field) return `request ${context ?? ''} ${issue.message ?? 'is invalid'}`.replace(/\s+/g, ' ').trim();
  return `${where} '${field}' ${issue.message ?? 'is invalid'}`;
}

/**
 * Turns every failure into the DESIGN §6 body. Bad input of any kind is a 4xx naming what
 * is wrong; only a genuine fault is a 500, and its details stay in the log.
 */
export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url;
  if (error instanceof AppError) {
    const status = STATUS_BY_CODE[error.code];
    return reply.status(status).send(errorBody(status, error.message, path));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation && fastifyError.validation.length > 0) {
    const message = describeValidation(fastifyError.validationContext, fastifyError.validation[0] as ValidationIssue);
    return reply.status(400).send(errorBody(400, message, path));
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send(errorBody(status, friendlyClientError(fastifyError), path));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(errorBody(500, 'Internal error; the server log has the details', path));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);

  app.setNotFoundHandler((request, reply) => {
    const message = `No route ${request.method} ${request.url.split('?')[0]}`;
    return reply.status(404).send(errorBody(404, message, request.url));
  });
}

function friendlyClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Request body is not valid JSON: ${error.message}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported Content-Type: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    default:
      return error.message;
  }
}
