import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookEmailReadPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadEmailRead = webhookOperation({
  operationId: 'getTestWebhookPayloadEmailRead', method: 'GET', path: '/webhooks/test/email-read-payload',
  summary: 'An example EMAIL_READ payload (WebhookEmailReadPayload)',
  response: Type.Ref(WebhookEmailReadPayload),
  handler: async ({ tenantId }) => examplePayload('EMAIL_READ', tenantId),
});
