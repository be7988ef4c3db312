import type { FastifyPluginAsync } from 'fastify';
import { PAYLOAD_SCHEMA_OF } from '../webhooks.schemas.js';

/**
 * GET /schemas/webhook-payload: one JSON Schema document for every payload a webhook can
 * receive (AbstractWebhookPayload's fields plus the event's own), keyed by event name
 * under definitions and combined with oneOf. Public: it describes the API, like its docs.
 */
export const webhookPayloadSchemaDocument: FastifyPluginAsync = async (app) => {
  const definitions: Record<string, unknown> = {};
  for (const schema of new Set(Object.values(PAYLOAD_SCHEMA_OF))) {
    const { $id, ...rest } = schema as Record<string, unknown>;
    definitions[$id as string] = rest;
  }
  const document = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'webhook-payload',
    title: 'AbstractWebhookPayload',
    description: 'The JSON body POSTed to a webhook; eventName (and the x-event header) says which definition applies',
    oneOf: Object.keys(definitions).map((name) => ({ $ref: `#/definitions/${name}` })),
    definitions,
  };
  app.get('/schemas/webhook-payload', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/schema+json').send(JSON.stringify(document)));
};
