import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookEmailOpenedPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadEmailOpened = webhookOperation({
  operationId: 'getTestWebhookPayloadEmailOpened', method: 'GET', path: '/webhooks/test/email-opened-payload',
  summary: 'An example EMAIL_OPENED payload (WebhookEmailOpenedPayload)',
  response: Type.Ref(WebhookEmailOpenedPayload),
  handler: async ({ tenantId }) => examplePayload('EMAIL_OPENED', tenantId),
});
