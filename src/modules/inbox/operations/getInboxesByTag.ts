import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageQuery, SEARCH_MAX_LENGTH } from '../../shared/schemas.js';
import { toInboxPreview } from '../inbox.dto.js';
import { PageInboxProjection } from '../inbox.schemas.js';

export const getInboxesByTag = inboxOperation({
  operationId: 'getInboxesByTag', method: 'GET', path: '/inboxes/tags/inboxes',
  summary: 'Page through the inboxes with a tag',
  query: Type.Object({ ...PageQuery, searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })), tag: Type.String({ maxLength: SEARCH_MAX_LENGTH }) }),
  response: Type.Ref(PageInboxProjection),
  handler: async ({ tenantId, query: q }, { inboxes }) => {
    const { slice, request: page } = await inboxes.page(tenantId, {
      page: q.page, size: q.size, sort: q.sort, tag: q.tag, search: q.searchFilter,
    });
    return toPage(slice.items.map(toInboxPreview), slice.total, page);
  },
});
