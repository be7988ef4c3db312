import { emailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { SearchEmailsOptions } from '../listing.schemas.js';
import { parseSearchQuery } from '../search-query.js';

export const searchEmails = emailOperation({
  operationId: 'searchEmails', method: 'POST', path: '/emails/search',
  summary: "Page through the caller's emails matching the criteria and the search language (README \"Search\")",
  query: Type.Object({
    favourited: Type.Optional(Type.Boolean()),
    syncConnectors: Type.Optional(Type.Boolean({ description: 'no connectors exist here; accepted for compatibility' })),
    plusAddressId: Type.Optional(Type.String({ maxLength: 100, description: 'only mail that came to this plus address (getInboxPlusAddresses)' })),
  }),
  body: Type.Ref(SearchEmailsOptions),
  response: Type.Ref(PageEmailProjection),
  handler: async ({ tenantId, query: q, body }, { emails }) => {
    const o = body as typeof SearchEmailsOptions.static;
    const input = { page: o.pageIndex ?? undefined, size: o.pageSize ?? undefined, sort: o.sortDirection ?? undefined };
    const { slice, request: page } = await emails.page(tenantId, {
      inboxIds: o.inboxIds?.length ? o.inboxIds : undefined,
      unreadOnly: o.unreadOnly ?? undefined,
      favourite: q.favourited,
      search: parseSearchQuery(o.searchFilter),
      since: toDate(o.since),
      before: toDate(o.before),
      plusAddressId: q.plusAddressId || undefined,
    }, input);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  },
});
