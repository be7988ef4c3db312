import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const deleteWebhook: WebhookRoute = (app, { webhooks }) =>
  app.delete('/inboxes/:inboxId/webhooks/:webhookId', {
    schema: {
      operationId: 'deleteWebhook', tags: TAG,
      summary: "Delete an inbox's webhook; no further deliveries are made",
      params: Type.Object({ inboxId: Uuid, webhookId: Uuid }),
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    await webhooks.deleteForInbox(tenantId, request.params.inboxId, request.params.webhookId);
    return reply.status(204).send();
  });
