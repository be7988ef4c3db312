import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toInboxPreview } from '../inbox.dto.js';
import { PageInboxProjection, SearchInboxesOptions } from '../inbox.schemas.js';

export const searchInboxes = inboxOperation({
  operationId: 'searchInboxes', method: 'POST', path: '/inboxes/search',
  summary: 'Search inboxes with a SearchInboxesOptions body',
  body: Type.Ref(SearchInboxesOptions),
  response: Type.Ref(PageInboxProjection),
  handler: async ({ tenantId, body: b }, { inboxes }) => {
    const { slice, request: page } = await inboxes.page(tenantId, {
      page: b.pageIndex ?? undefined,
      size: b.pageSize ?? undefined,
      sort: b.sortDirection ?? undefined,
      favourite: b.favourite,
      search: b.search,
      tag: b.tag,
      since: toDate(b.since),
      before: toDate(b.before),
      inboxType: b.inboxType,
      inboxFunction: b.inboxFunction,
      domainId: b.domainId,
    });
    return toPage(slice.items.map(toInboxPreview), slice.total, page);
  },
});
