import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookIdParams, WebhookTestResult } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const sendTestData: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/:webhookId/test', {
    schema: {
      operationId: 'sendTestData', tags: TAG,
      summary: "POST an example payload of the webhook's event to its URL now, signed and with its auth and headers; answers what came back",
      params: WebhookIdParams,
      response: { 200: Type.Ref(WebhookTestResult) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return webhooks.sendTest(tenantId, request.params.webhookId);
  });
