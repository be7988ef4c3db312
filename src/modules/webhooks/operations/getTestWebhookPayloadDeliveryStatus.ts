import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookDeliveryStatusPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadDeliveryStatus = webhookOperation({
  operationId: 'getTestWebhookPayloadDeliveryStatus', method: 'GET', path: '/webhooks/test/delivery-status-payload',
  summary: 'An example DELIVERY_STATUS payload (WebhookDeliveryStatusPayload)',
  response: Type.Ref(WebhookDeliveryStatusPayload),
  handler: async ({ tenantId }) => examplePayload('DELIVERY_STATUS', tenantId),
});
