import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';

export const deleteWebhook = webhookOperation({
  operationId: 'deleteWebhook', method: 'DELETE', path: '/inboxes/{inboxId}/webhooks/{webhookId}',
  summary: "Delete an inbox's webhook; no further deliveries are made",
  params: Type.Object({ inboxId: Uuid, webhookId: Uuid }),
  status: 204,
  handler: async ({ tenantId, params }, { webhooks }) => {
    await webhooks.deleteForInbox(tenantId, params.inboxId, params.webhookId);
  },
});
