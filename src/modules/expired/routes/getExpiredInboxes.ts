import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toExpiredInboxProjection } from '../expired.dto.js';
import { ExpiredInboxesQuery, PageExpiredInboxRecordProjection } from '../expired.schemas.js';
import { TAG, toDate, type ExpiredRoute } from './kit.js';

export const getExpiredInboxes: ExpiredRoute = (app, { expired }) =>
  app.get('/expired', {
    schema: {
      operationId: 'getExpiredInboxes', tags: TAG,
      summary: "Page through the records of the caller's expired inboxes (createdAt = when the inbox expired)",
      querystring: ExpiredInboxesQuery,
      response: { 200: Type.Ref(PageExpiredInboxRecordProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await expired.page(principalOf(request).tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toExpiredInboxProjection), slice.total, page);
  });
