import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { pageRequest, toPage } from '../../../core/paging.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { SearchEmailsOptions } from '../listing.schemas.js';
import { EMAIL_TAG, toDate, type ListingRoute } from './listing-kit.js';

export const searchEmails: ListingRoute = (app, { emails }) =>
  app.post('/emails/search', {
    schema: {
      operationId: 'searchEmails', tags: EMAIL_TAG,
      summary: "Page through the caller's emails matching the criteria (subject, sender, recipients, id; not bodies)",
      querystring: Type.Object({
        favourited: Type.Optional(Type.Boolean()),
        syncConnectors: Type.Optional(Type.Boolean({ description: 'no connectors exist here; accepted for compatibility' })),
        plusAddressId: Type.Optional(Type.String({ description: 'no plus addresses exist here: any value matches none' })),
      }),
      body: Type.Ref(SearchEmailsOptions),
      response: { 200: Type.Ref(PageEmailProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const o = request.body as typeof SearchEmailsOptions.static;
    const input = { page: o.pageIndex ?? undefined, size: o.pageSize ?? undefined, sort: o.sortDirection ?? undefined };
    if (q.plusAddressId) return toPage([], 0, pageRequest(input));
    const { slice, request: page } = await emails.page(principalOf(request).tenantId, {
      inboxIds: o.inboxIds?.length ? o.inboxIds : undefined,
      unreadOnly: o.unreadOnly ?? undefined,
      favourite: q.favourited,
      search: o.searchFilter?.trim() || undefined,
      since: toDate(o.since),
      before: toDate(o.before),
    }, input);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  });
