import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toUnsubscribeProjection } from '../reputation.dto.js';
import { PageListUnsubscribeRecipients, UnsubscribeListQuery } from '../reputation.schemas.js';

export const getListUnsubscribeRecipients = bounceOperation({
  operationId: 'getListUnsubscribeRecipients', method: 'GET', path: '/bounce/list-unsubscribe-recipients',
  summary: "Page through the addresses that unsubscribed from the caller's mail with a one-click POST (RFC 8058)",
  query: UnsubscribeListQuery,
  response: Type.Ref(PageListUnsubscribeRecipients),
  handler: async ({ tenantId, query }, { listUnsubscribes }) => {
    const { slice, request } = await listUnsubscribes.page(tenantId, query);
    return toPage(slice.items.map(toUnsubscribeProjection), slice.total, request);
  },
});
