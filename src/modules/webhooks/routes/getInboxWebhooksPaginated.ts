import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { InboxIdParams, PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';
import { TAG, toDate, type WebhookRoute } from './kit.js';

export const getInboxWebhooksPaginated: WebhookRoute = (app, { webhooks }) =>
  app.get('/inboxes/:inboxId/webhooks/paginated', {
    schema: {
      operationId: 'getInboxWebhooksPaginated', tags: TAG,
      summary: "Page through an inbox's webhooks (with includeAccountWide, account webhooks too)",
      params: InboxIdParams,
      querystring: WebhookListQuery,
      response: { 200: Type.Ref(PageWebhookProjection) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    const q = request.query;
    const { slice, request: page } = await webhooks.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, { inboxId: request.params.inboxId });
    return toPage(slice.items.map(toWebhookProjection), slice.total, page);
  });
