import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { toWebhookProjection } from '../webhooks.dto.js';

export const getPhoneNumberWebhooksPaginated = webhookOperation({
  operationId: 'getPhoneNumberWebhooksPaginated', method: 'GET', path: '/phone/numbers/{phoneId}/webhooks/paginated',
  summary: "Page through a phone number's webhooks (404 for a number the caller does not hold; with includeAccountWide, account webhooks too)",
  params: Type.Object({ phoneId: Uuid }),
  query: WebhookListQuery,
  response: Type.Ref(PageWebhookProjection),
  handler: async ({ tenantId, params, query: q }, { webhooks }) => {
    const { slice, request: page } = await webhooks.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) }, { phoneId: params.phoneId });
    return toPage(slice.items.map(toWebhookProjection), slice.total, page);
  },
});
