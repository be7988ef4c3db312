import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookNewSmsPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadNewSms: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/new-sms-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadNewSms', tags: TAG,
      summary: 'An example NEW_SMS payload (WebhookNewSmsPayload)',
      response: { 200: Type.Ref(WebhookNewSmsPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('NEW_SMS', tenantId) as never; // the concrete payload model of the event
  });
