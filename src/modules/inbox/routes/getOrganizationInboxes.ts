import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { toOrganizationInbox } from '../inbox.dto.js';
import { PageOrganizationInboxProjection } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

/** Team access is always on (spec §2.2) and a user is its own organization, so these are the caller's inboxes. */
export const getOrganizationInboxes: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/organization', {
    schema: {
      operationId: 'getOrganizationInboxes', tags: TAG,
      summary: "Page through the organization's team-access inboxes",
      querystring: Type.Object({
        ...PageQuery,
        searchFilter: Type.Optional(Type.String()),
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
      }),
      response: { 200: Type.Ref(PageOrganizationInboxProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await inboxes.page(principalOf(request).tenantId, {
      page: q.page, size: q.size, sort: q.sort, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toOrganizationInbox), slice.total, page);
  });
