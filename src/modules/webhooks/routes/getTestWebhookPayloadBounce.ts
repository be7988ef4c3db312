import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookBouncePayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadBounce: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/email-bounce-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadBounce', tags: TAG,
      summary: 'An example BOUNCE payload (WebhookBouncePayload)',
      response: { 200: Type.Ref(WebhookBouncePayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('BOUNCE', tenantId) as never; // the concrete payload model of the event
  });
