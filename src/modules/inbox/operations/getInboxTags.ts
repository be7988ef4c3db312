import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageQuery, SEARCH_MAX_LENGTH } from '../../shared/schemas.js';
import { PageInboxTags } from '../inbox.schemas.js';

const TagsQuery = Type.Object({ ...PageQuery, searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })) });

export const getInboxTags = inboxOperation({
  operationId: 'getInboxTags', method: 'GET', path: '/inboxes/tags',
  summary: "The distinct tags of the caller's inboxes (one page, sorted by tag)",
  query: TagsQuery,
  response: Type.Array(Type.String()),
  handler: async ({ tenantId, query }, { inboxes }) => (await inboxes.tags(tenantId, query)).slice.items,
});

export const getInboxTagsPaginated = inboxOperation({
  operationId: 'getInboxTagsPaginated', method: 'GET', path: '/inboxes/tags/paginated',
  summary: "Page through the distinct tags of the caller's inboxes",
  query: TagsQuery,
  response: Type.Ref(PageInboxTags),
  handler: async ({ tenantId, query }, { inboxes }) => {
    const { slice, request: page } = await inboxes.tags(tenantId, query);
    return toPage(slice.items, slice.total, page);
  },
});
