import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { PageWebhookEndpointProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { TAG, toDate, type WebhookRoute } from './kit.js';

export const getAllWebhookEndpoints: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/endpoints', {
    schema: {
      operationId: 'getAllWebhookEndpoints', tags: TAG,
      summary: 'Page through the distinct URLs the webhooks POST to, each with the worst health of its webhooks',
      querystring: WebhookListQuery,
      response: { 200: Type.Ref(PageWebhookEndpointProjection) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    const q = request.query;
    const { slice, request: page } = await webhooks.endpoints(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items, slice.total, page);
  });
