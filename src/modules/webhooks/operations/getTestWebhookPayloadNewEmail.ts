import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookNewEmailPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadNewEmail = webhookOperation({
  operationId: 'getTestWebhookPayloadNewEmail', method: 'GET', path: '/webhooks/test/new-email-payload',
  summary: 'An example NEW_EMAIL payload (WebhookNewEmailPayload)',
  response: Type.Ref(WebhookNewEmailPayload),
  handler: async ({ tenantId }) => examplePayload('NEW_EMAIL', tenantId),
});
