import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { toInboxPreview } from '../inbox.dto.js';
import { AllInboxesQuery, PageInboxProjection } from '../inbox.schemas.js';
import { inboxOperation } from './define.js';

/** getAllInboxes and getAllInboxesOffsetPaginated are the same query under two paths. */
export const pagedInboxOperation = (path: string, operationId: string, summary: string) => inboxOperation({
  operationId, method: 'GET', path, summary,
  query: AllInboxesQuery,
  response: Type.Ref(PageInboxProjection),
  handler: async ({ tenantId, query: q }, { inboxes }) => {
    const { slice, request: page } = await inboxes.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toInboxPreview), slice.total, page);
  },
});

export const getAllInboxes = pagedInboxOperation(
  '/inboxes/paginated', 'getAllInboxes',
  'Page through inboxes with filters: favourite, search (id, address, name, tags), tag, since, before, type',
);
