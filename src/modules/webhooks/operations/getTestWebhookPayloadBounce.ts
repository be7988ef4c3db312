import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookBouncePayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadBounce = webhookOperation({
  operationId: 'getTestWebhookPayloadBounce', method: 'GET', path: '/webhooks/test/email-bounce-payload',
  summary: 'An example BOUNCE payload (WebhookBouncePayload)',
  response: Type.Ref(WebhookBouncePayload),
  handler: async ({ tenantId }) => examplePayload('BOUNCE', tenantId),
});
