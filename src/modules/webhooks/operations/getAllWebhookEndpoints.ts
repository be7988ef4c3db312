import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageWebhookEndpointProjection, WebhookListQuery } from '../webhooks.schemas.js';

export const getAllWebhookEndpoints = webhookOperation({
  operationId: 'getAllWebhookEndpoints', method: 'GET', path: '/webhooks/endpoints',
  summary: 'Page through the distinct URLs the webhooks POST to, each with the worst health of its webhooks',
  query: WebhookListQuery,
  response: Type.Ref(PageWebhookEndpointProjection),
  handler: async ({ tenantId, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.endpoints(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items, slice.total, page);
  },
});
