import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { InboxIdParams, PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';

export const getInboxWebhooksPaginated = webhookOperation({
  operationId: 'getInboxWebhooksPaginated', method: 'GET', path: '/inboxes/{inboxId}/webhooks/paginated',
  summary: "Page through an inbox's webhooks (with includeAccountWide, account webhooks too)",
  params: InboxIdParams,
  query: WebhookListQuery,
  response: Type.Ref(PageWebhookProjection),
  handler: async ({ tenantId, params, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, { inboxId: params.inboxId });
    return toPage(slice.items.map(toWebhookProjection), slice.total, page);
  },
});
