import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { PageQuery } from '../../shared/schemas.js';
import { PageInboxTags } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

const TagsQuery = Type.Object({ ...PageQuery, searchFilter: Type.Optional(Type.String()) });

export const getInboxTags: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/tags', {
    schema: {
      operationId: 'getInboxTags', tags: TAG,
      summary: "The distinct tags of the caller's inboxes (one page, sorted by tag)",
      querystring: TagsQuery,
      response: { 200: Type.Array(Type.String()) },
    },
  }, async (request) => (await inboxes.tags(principalOf(request).tenantId, request.query)).slice.items);

export const getInboxTagsPaginated: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/tags/paginated', {
    schema: {
      operationId: 'getInboxTagsPaginated', tags: TAG,
      summary: "Page through the distinct tags of the caller's inboxes",
      querystring: TagsQuery,
      response: { 200: Type.Ref(PageInboxTags) },
    },
  }, async (request) => {
    const { slice, request: page } = await inboxes.tags(principalOf(request).tenantId, request.query);
    return toPage(slice.items, slice.total, page);
  });
