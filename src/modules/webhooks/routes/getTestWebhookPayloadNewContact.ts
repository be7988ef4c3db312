import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookNewContactPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadNewContact: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/new-contact-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadNewContact', tags: TAG,
      summary: 'An example NEW_CONTACT payload (WebhookNewContactPayload)',
      response: { 200: Type.Ref(WebhookNewContactPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('NEW_CONTACT', tenantId) as never; // the concrete payload model of the event
  });
