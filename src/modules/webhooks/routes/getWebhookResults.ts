import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { PageWebhookResult, ResultListQuery, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';
import { TAG, toDate, type WebhookRoute } from './kit.js';

export const getWebhookResults: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/:webhookId/results', {
    schema: {
      operationId: 'getWebhookResults', tags: TAG,
      summary: 'Page through the delivery attempts of a webhook',
      params: WebhookIdParams,
      querystring: ResultListQuery,
      response: { 200: Type.Ref(PageWebhookResult) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    const q = request.query;
    const { slice, request: page } = await webhooks.pageResults(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, request.params.webhookId);
    return toPage(slice.items.map(toWebhookResultDto), slice.total, page);
  });
