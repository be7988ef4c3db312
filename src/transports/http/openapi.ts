import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const API_VERSION = '6.5.2';

/**
 * The OpenAPI 3 document is generated from the same TypeBox schemas that validate
 * requests and serialize responses, so it cannot drift from what the server does.
 * Served at /v3/api-docs (where MailSlurp serves its own) with Swagger UI at /docs.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Pigeonhole API',
        description:
          'Self-hosted email and SMS testing service. The REST API is the MailSlurp API ' +
          `(interface version ${API_VERSION}); operationIds match the official clients.`,
        version,
      },
      components: {
        securitySchemes: {
          API_KEY: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          // Accepted as MailSlurp accepts it; the header is the safer way (URLs are logged and shared).
          API_KEY_QUERY: { type: 'apiKey', in: 'query', name: 'apiKey', description: 'the key as a query parameter; prefer the x-api-key header' },
        },
      },
      security: [{ API_KEY: [] }, { API_KEY_QUERY: [] }],
    },
    // Components take the model names of the official client (each schema's $id).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/v3/api-docs', { schema: { hide: true } }, async () => app.swagger());
}
