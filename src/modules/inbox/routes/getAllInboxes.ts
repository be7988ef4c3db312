import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toInboxPreview } from '../inbox.dto.js';
import { AllInboxesQuery, PageInboxProjection } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

/** getAllInboxes and getAllInboxesOffsetPaginated are the same query under two paths. */
export const pagedInboxRoute = (path: string, operationId: string, summary: string): InboxRoute => (app, { inboxes }) =>
  app.get(path, {
    schema: {
      operationId, tags: TAG, summary,
      querystring: AllInboxesQuery,
      response: { 200: Type.Ref(PageInboxProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await inboxes.page(principalOf(request).tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toInboxPreview), slice.total, page);
  });

export const getAllInboxes = pagedInboxRoute(
  '/inboxes/paginated', 'getAllInboxes',
  'Page through inboxes with filters: favourite, search (id, address, name, tags), tag, since, before, type',
);
