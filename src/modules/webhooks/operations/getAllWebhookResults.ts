import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageWebhookResult, ResultListQuery } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';

export const getAllWebhookResults = webhookOperation({
  operationId: 'getAllWebhookResults', method: 'GET', path: '/webhooks/results',
  summary: 'Page through the delivery attempts of every webhook',
  query: ResultListQuery,
  response: Type.Ref(PageWebhookResult),
  handler: async ({ tenantId, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.pageResults(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toWebhookResultDto), slice.total, page);
  },
});
