import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { JSONSchemaDto, WebhookIdParams } from '../webhooks.schemas.js';
import { payloadJsonSchema } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getJsonSchemaForWebhookPayload: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/:webhookId/schema', {
    schema: {
      operationId: 'getJsonSchemaForWebhookPayload', tags: TAG,
      summary: 'JSON Schema of the payloads this webhook sends',
      params: WebhookIdParams,
      response: { 200: Type.Ref(JSONSchemaDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return { value: payloadJsonSchema((await webhooks.get(tenantId, request.params.webhookId)).eventName) };
  });
