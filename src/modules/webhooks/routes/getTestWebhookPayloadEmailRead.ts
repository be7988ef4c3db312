import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookEmailReadPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadEmailRead: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/email-read-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadEmailRead', tags: TAG,
      summary: 'An example EMAIL_READ payload (WebhookEmailReadPayload)',
      response: { 200: Type.Ref(WebhookEmailReadPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('EMAIL_READ', tenantId) as never; // the concrete payload model of the event
  });
