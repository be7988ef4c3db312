import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { JSONSchemaDto, WebhookIdParams } from '../webhooks.schemas.js';
import { payloadJsonSchema } from '../webhooks.dto.js';

export const getJsonSchemaForWebhookPayload = webhookOperation({
  operationId: 'getJsonSchemaForWebhookPayload', method: 'POST', path: '/webhooks/{webhookId}/schema',
  summary: 'JSON Schema of the payloads this webhook sends',
  params: WebhookIdParams,
  response: Type.Ref(JSONSchemaDto),
  handler: async ({ tenantId, params }, { webhooks }) => ({ value: payloadJsonSchema((await webhooks.get(tenantId, params.webhookId)).eventName) }),
});
