import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { PageQuery } from '../../shared/schemas.js';
import { InboxIdParams, WebhookProjection } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getWebhooks: WebhookRoute = (app, { webhooks }) =>
  app.get('/inboxes/:inboxId/webhooks', {
    schema: {
      operationId: 'getWebhooks', tags: TAG,
      summary: "The inbox's webhooks as a list",
      params: InboxIdParams,
      querystring: Type.Object({ ...PageQuery }),
      response: { 200: Type.Array(Type.Ref(WebhookProjection)) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    const { slice } = await webhooks.page(tenantId, request.query, { inboxId: request.params.inboxId });
    return slice.items.map(toWebhookProjection);
  });
