import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookBounceRecipientPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadBounceRecipient: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/email-bounce-recipient-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadBounceRecipient', tags: TAG,
      summary: 'An example BOUNCE_RECIPIENT payload (WebhookBounceRecipientPayload)',
      response: { 200: Type.Ref(WebhookBounceRecipientPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('BOUNCE_RECIPIENT', tenantId) as never; // the concrete payload model of the event
  });
