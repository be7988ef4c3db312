import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';

export const getAllAccountWebhooks = webhookOperation({
  operationId: 'getAllAccountWebhooks', method: 'GET', path: '/webhooks/account/paginated',
  summary: 'Page through the account webhooks (those attached to no inbox or phone), newest first unless sort=ASC',
  query: WebhookListQuery,
  response: Type.Ref(PageWebhookProjection),
  handler: async ({ tenantId, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, { accountOnly: true }, 'DESC');
    return toPage(slice.items.map(toWebhookProjection), slice.total, page);
  },
});
