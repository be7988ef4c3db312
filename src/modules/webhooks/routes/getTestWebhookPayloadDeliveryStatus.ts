import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookDeliveryStatusPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadDeliveryStatus: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/delivery-status-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadDeliveryStatus', tags: TAG,
      summary: 'An example DELIVERY_STATUS payload (WebhookDeliveryStatusPayload)',
      response: { 200: Type.Ref(WebhookDeliveryStatusPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('DELIVERY_STATUS', tenantId) as never; // the concrete payload model of the event
  });
