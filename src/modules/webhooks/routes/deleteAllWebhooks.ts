import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DateTime } from '../../shared/schemas.js';
import { TAG, toDate, type WebhookRoute } from './kit.js';

export const deleteAllWebhooks: WebhookRoute = (app, { webhooks }) =>
  app.delete('/webhooks', {
    schema: {
      operationId: 'deleteAllWebhooks', tags: TAG,
      summary: 'Delete every webhook of the caller (created before `before` when given), with their pending deliveries and results',
      querystring: Type.Object({ before: Type.Optional(DateTime) }),
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    await webhooks.deleteAll(tenantId, toDate(request.query.before));
    return reply.status(204).send();
  });
