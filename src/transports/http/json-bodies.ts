import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them, except that an empty body is no body: clients
 * (the generated MailSlurp client among them) send Content-Type: application/json with
 * nothing after it when every option is left out. Operations whose options are all
 * optional then see `{}` (optionalBody); the others answer 400 naming the missing body.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    (body === '' ? done(null, undefined) : json(request, body as string, done)));
}
