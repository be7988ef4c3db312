import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookEmailOpenedPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadEmailOpened: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/email-opened-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadEmailOpened', tags: TAG,
      summary: 'An example EMAIL_OPENED payload (WebhookEmailOpenedPayload)',
      response: { 200: Type.Ref(WebhookEmailOpenedPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('EMAIL_OPENED', tenantId) as never; // the concrete payload model of the event
  });
