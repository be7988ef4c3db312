import { expiredOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toExpiredInboxProjection } from '../expired.dto.js';
import { ExpiredInboxesQuery, PageExpiredInboxRecordProjection } from '../expired.schemas.js';

export const getExpiredInboxes = expiredOperation({
  operationId: 'getExpiredInboxes', method: 'GET', path: '/expired',
  summary: "Page through the records of the caller's expired inboxes (createdAt = when the inbox expired)",
  query: ExpiredInboxesQuery,
  response: Type.Ref(PageExpiredInboxRecordProjection),
  handler: async ({ tenantId, query: q }, { expired }) => {
    const { slice, request: page } = await expired.page(tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toExpiredInboxProjection), slice.total, page);
  },
});
