import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookNewAttachmentPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadNewAttachment = webhookOperation({
  operationId: 'getTestWebhookPayloadNewAttachment', method: 'GET', path: '/webhooks/test/new-attachment-payload',
  summary: 'An example NEW_ATTACHMENT payload (WebhookNewAttachmentPayload)',
  response: Type.Ref(WebhookNewAttachmentPayload),
  handler: async ({ tenantId }) => examplePayload('NEW_ATTACHMENT', tenantId),
});
