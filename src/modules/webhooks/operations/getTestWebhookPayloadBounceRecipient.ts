import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookBounceRecipientPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadBounceRecipient = webhookOperation({
  operationId: 'getTestWebhookPayloadBounceRecipient', method: 'GET', path: '/webhooks/test/email-bounce-recipient-payload',
  summary: 'An example BOUNCE_RECIPIENT payload (WebhookBounceRecipientPayload)',
  response: Type.Ref(WebhookBounceRecipientPayload),
  handler: async ({ tenantId }) => examplePayload('BOUNCE_RECIPIENT', tenantId),
});
