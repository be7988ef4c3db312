import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookNewEmailPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadNewEmail: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/new-email-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadNewEmail', tags: TAG,
      summary: 'An example NEW_EMAIL payload (WebhookNewEmailPayload)',
      response: { 200: Type.Ref(WebhookNewEmailPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('NEW_EMAIL', tenantId) as never; // the concrete payload model of the event
  });
