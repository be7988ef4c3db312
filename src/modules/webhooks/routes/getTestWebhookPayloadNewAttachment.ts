import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookNewAttachmentPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadNewAttachment: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/new-attachment-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadNewAttachment', tags: TAG,
      summary: 'An example NEW_ATTACHMENT payload (WebhookNewAttachmentPayload)',
      response: { 200: Type.Ref(WebhookNewAttachmentPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('NEW_ATTACHMENT', tenantId) as never; // the concrete payload model of the event
  });
