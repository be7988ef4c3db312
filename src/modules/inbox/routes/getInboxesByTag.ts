import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { PageQuery } from '../../shared/schemas.js';
import { toInboxPreview } from '../inbox.dto.js';
import { PageInboxProjection } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const getInboxesByTag: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/tags/inboxes', {
    schema: {
      operationId: 'getInboxesByTag', tags: TAG, summary: 'Page through the inboxes with a tag',
      querystring: Type.Object({ ...PageQuery, searchFilter: Type.Optional(Type.String()), tag: Type.String() }),
      response: { 200: Type.Ref(PageInboxProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await inboxes.page(principalOf(request).tenantId, {
      page: q.page, size: q.size, sort: q.sort, tag: q.tag, search: q.searchFilter,
    });
    return toPage(slice.items.map(toInboxPreview), slice.total, page);
  });
