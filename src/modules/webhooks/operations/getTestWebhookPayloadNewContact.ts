import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookNewContactPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadNewContact = webhookOperation({
  operationId: 'getTestWebhookPayloadNewContact', method: 'GET', path: '/webhooks/test/new-contact-payload',
  summary: 'An example NEW_CONTACT payload (WebhookNewContactPayload)',
  response: Type.Ref(WebhookNewContactPayload),
  handler: async ({ tenantId }) => examplePayload('NEW_CONTACT', tenantId),
});
