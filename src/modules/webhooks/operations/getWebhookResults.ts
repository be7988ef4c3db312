import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageWebhookResult, ResultListQuery, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';

export const getWebhookResults = webhookOperation({
  operationId: 'getWebhookResults', method: 'GET', path: '/webhooks/{webhookId}/results',
  summary: 'Page through the delivery attempts of a webhook',
  params: WebhookIdParams,
  query: ResultListQuery,
  response: Type.Ref(PageWebhookResult),
  handler: async ({ tenantId, params, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.pageResults(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, params.webhookId);
    return toPage(slice.items.map(toWebhookResultDto), slice.total, page);
  },
});
