import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AbstractWebhookPayload, WebhookIdParams } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadForWebhook: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/:webhookId/example', {
    schema: {
      operationId: 'getTestWebhookPayloadForWebhook', tags: TAG,
      summary: 'An example of the payload this webhook sends',
      params: WebhookIdParams,
      response: { 200: Type.Ref(AbstractWebhookPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return (await webhooks.example(tenantId, request.params.webhookId)) as never; // the concrete payload model of the event
  });
