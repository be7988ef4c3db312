import { Content } from '../../../core/operation.js';
import { PAYLOAD_SCHEMA_OF } from '../webhooks.schemas.js';
import { webhookOperation } from './define.js';

/**
 * One JSON Schema document for every payload a webhook can receive (AbstractWebhookPayload's
 * fields plus the event's own), keyed by event name under definitions and combined with oneOf.
 */
function payloadSchemaDocument(): string {
  const definitions: Record<string, unknown> = {};
  for (const schema of new Set(Object.values(PAYLOAD_SCHEMA_OF))) {
    const { $id, ...rest } = schema as Record<string, unknown>;
    definitions[$id as string] = rest;
  }
  return JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'webhook-payload',
    title: 'AbstractWebhookPayload',
    description: 'The JSON body POSTed to a webhook; eventName (and the x-event header) says which definition applies',
    oneOf: Object.keys(definitions).map((name) => ({ $ref: `#/definitions/${name}` })),
    definitions,
  });
}

const DOCUMENT = payloadSchemaDocument();

/**
 * GET /schemas/webhook-payload: public, it describes the API like its docs. Not a MailSlurp
 * operation, so left out of the OpenAPI document.
 */
export const webhookPayloadSchemaDocument = webhookOperation({
  operationId: 'getWebhookPayloadSchemaDocument', method: 'GET', path: '/schemas/webhook-payload',
  access: 'public', hidden: true,
  handler: () => new Content(DOCUMENT, 'application/schema+json'),
});
