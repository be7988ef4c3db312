import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AbstractWebhookPayload, WebhookIdParams } from '../webhooks.schemas.js';

export const getTestWebhookPayloadForWebhook = webhookOperation({
  operationId: 'getTestWebhookPayloadForWebhook', method: 'POST', path: '/webhooks/{webhookId}/example',
  summary: 'An example of the payload this webhook sends',
  params: WebhookIdParams,
  response: Type.Ref(AbstractWebhookPayload),
  handler: async ({ tenantId, params }, { webhooks }) => webhooks.example(tenantId, params.webhookId), // the concrete payload model of the event
});
