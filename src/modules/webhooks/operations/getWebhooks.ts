import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../shared/schemas.js';
import { InboxIdParams, WebhookProjection } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';

export const getWebhooks = webhookOperation({
  operationId: 'getWebhooks', method: 'GET', path: '/inboxes/{inboxId}/webhooks',
  summary: "The inbox's webhooks as a list",
  params: InboxIdParams,
  query: Type.Object({ ...PageQuery }),
  response: Type.Array(Type.Ref(WebhookProjection)),
  handler: async ({ tenantId, params, query }, { webhooks }) => {
    const { slice } = await webhooks.page(tenantId, query, { inboxId: params.inboxId });
    return slice.items.map(toWebhookProjection);
  },
});
