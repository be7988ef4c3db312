import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookIdParams } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const deleteWebhookById: WebhookRoute = (app, { webhooks }) =>
  app.delete('/webhooks/:webhookId', {
    schema: {
      operationId: 'deleteWebhookById', tags: TAG,
      summary: 'Delete a webhook; no further deliveries are made',
      params: WebhookIdParams,
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    await webhooks.delete(tenantId, request.params.webhookId);
    return reply.status(204).send();
  });
