import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';

export const getAllWebhooks = webhookOperation({
  operationId: 'getAllWebhooks', method: 'GET', path: '/webhooks/paginated',
  summary: 'Page through all webhooks of the caller (newest first unless sort=ASC)',
  query: WebhookListQuery,
  response: Type.Ref(PageWebhookProjection),
  handler: async ({ tenantId, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, {}, 'DESC');
    return toPage(slice.items.map(toWebhookProjection), slice.total, page);
  },
});
