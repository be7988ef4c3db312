import { webhookOperation } from './define.js';
import { WebhookIdParams } from '../webhooks.schemas.js';

export const deleteWebhookById = webhookOperation({
  operationId: 'deleteWebhookById', method: 'DELETE', path: '/webhooks/{webhookId}',
  summary: 'Delete a webhook; no further deliveries are made',
  params: WebhookIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { webhooks }) => {
    await webhooks.delete(tenantId, params.webhookId);
  },
});
