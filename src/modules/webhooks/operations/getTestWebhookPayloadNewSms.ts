import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookNewSmsPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadNewSms = webhookOperation({
  operationId: 'getTestWebhookPayloadNewSms', method: 'GET', path: '/webhooks/test/new-sms-payload',
  summary: 'An example NEW_SMS payload (WebhookNewSmsPayload)',
  response: Type.Ref(WebhookNewSmsPayload),
  handler: async ({ tenantId }) => examplePayload('NEW_SMS', tenantId),
});
