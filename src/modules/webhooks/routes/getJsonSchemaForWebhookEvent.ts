import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EventNameEnum, JSONSchemaDto } from '../webhooks.schemas.js';
import { payloadJsonSchema } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getJsonSchemaForWebhookEvent: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/schema', {
    schema: {
      operationId: 'getJsonSchemaForWebhookEvent', tags: TAG,
      summary: 'JSON Schema of the payload of an event (EMAIL_RECEIVED unless event says otherwise)',
      querystring: Type.Object({ event: Type.Optional(EventNameEnum) }),
      response: { 200: Type.Ref(JSONSchemaDto) },
    },
  }, async (request) => {
    return { value: payloadJsonSchema(request.query.event ?? 'EMAIL_RECEIVED') };
  });
