import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toInboxPreview } from '../inbox.dto.js';
import { PageInboxProjection, SearchInboxesOptions } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

export const searchInboxes: InboxRoute = (app, { inboxes }) =>
  app.post('/inboxes/search', {
    schema: {
      operationId: 'searchInboxes', tags: TAG,
      summary: 'Search inboxes with a SearchInboxesOptions body',
      body: Type.Ref(SearchInboxesOptions),
      response: { 200: Type.Ref(PageInboxProjection) },
    },
  }, async (request) => {
    const b = request.body;
    const { slice, request: page } = await inboxes.page(principalOf(request).tenantId, {
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
  });
