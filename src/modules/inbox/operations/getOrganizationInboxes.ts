import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, SEARCH_MAX_LENGTH } from '../../shared/schemas.js';
import { toOrganizationInbox } from '../inbox.dto.js';
import { PageOrganizationInboxProjection } from '../inbox.schemas.js';

/**
 * Team access is always on (spec §2.2): the inboxes of every member of the caller's
 * organisation (each carrying its owner's userId); outside any organisation, the caller's own.
 */
export const getOrganizationInboxes = inboxOperation({
  operationId: 'getOrganizationInboxes', method: 'GET', path: '/inboxes/organization',
  summary: "Page through the organization's team-access inboxes",
  query: Type.Object({
        ...PageQuery,
        searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
      }),
  response: Type.Ref(PageOrganizationInboxProjection),
  handler: async ({ tenantId, principal, query: q }, { inboxes }) => {
    const { slice, request: page } = await inboxes.page(tenantId, {
      page: q.page, size: q.size, sort: q.sort, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
      organizationId: principal.organizationId,
    });
    return toPage(slice.items.map(toOrganizationInbox), slice.total, page);
  },
});
