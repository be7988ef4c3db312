import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EventNameEnum, JSONSchemaDto } from '../webhooks.schemas.js';
import { payloadJsonSchema } from '../webhooks.dto.js';

export const getJsonSchemaForWebhookEvent = webhookOperation({
  operationId: 'getJsonSchemaForWebhookEvent', method: 'POST', path: '/webhooks/schema',
  summary: 'JSON Schema of the payload of an event (EMAIL_RECEIVED unless event says otherwise)',
  query: Type.Object({ event: Type.Optional(EventNameEnum) }),
  response: Type.Ref(JSONSchemaDto),
  handler: async ({ query }) => ({ value: payloadJsonSchema(query.event ?? 'EMAIL_RECEIVED') }),
});
