import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';
import { TAG, toDate, type WebhookRoute } from './kit.js';

export const getAllAccountWebhooks: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/account/paginated', {
    schema: {
      operationId: 'getAllAccountWebhooks', tags: TAG,
      summary: 'Page through the account webhooks (those attached to no inbox or phone), newest first unless sort=ASC',
      querystring: WebhookListQuery,
      response: { 200: Type.Ref(PageWebhookProjection) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    const q = request.query;
    const { slice, request: page } = await webhooks.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, { accountOnly: true }, 'DESC');
    return toPage(slice.items.map(toWebhookProjection), slice.total, page);
  });
