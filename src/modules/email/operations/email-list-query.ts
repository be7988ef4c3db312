import { Type, type Static } from '@sinclair/typebox';
import { pageRequest, toPage } from '../../../core/paging.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { emailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { DateTime, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../../shared/schemas.js';
import { parseSearchQuery, SEARCH_FILTER_DESCRIPTION } from '../search-query.js';
import type { EmailFilter } from '../../../storage/ports.js';


/** Query parameters shared by the tenant-wide email lists (offset-paginated, organization). */
export const EmailListQuery = {
  ...PageQuery,
  inboxId: Type.Optional(Type.Array(Uuid, { description: "only these inboxes' emails" })),
  unreadOnly: Type.Optional(Type.Boolean()),
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: SEARCH_FILTER_DESCRIPTION })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  favourited: Type.Optional(Type.Boolean()),
  syncConnectors: Type.Optional(Type.Boolean({ description: 'no connectors exist here; accepted for compatibility' })),
  plusAddressId: Type.Optional(Type.String({ maxLength: 100, description: 'only mail that came to this plus address (getInboxPlusAddresses)' })),
};
const EmailListQueryObject = Type.Object(EmailListQuery);

/** The storage filter of the query; undefined when nothing can match. */
export function emailListFilter(q: Static<typeof EmailListQueryObject>): EmailFilter | undefined {
  return {
    plusAddressId: q.plusAddressId || undefined,
    inboxIds: q.inboxId?.length ? q.inboxId : undefined,
    unreadOnly: q.unreadOnly,
    favourite: q.favourited,
    search: parseSearchQuery(q.searchFilter),
    since: toDate(q.since),
    before: toDate(q.before),
  };
}

/**
 * getEmailsPaginated (the caller's emails) and getOrganizationEmailsPaginated (`organization`:
 * those of every member of the caller's organisation, the caller's own outside one).
 */
export const tenantEmailPage = (operationId: string, path: string, summary: string, organization = false) => emailOperation({
  operationId, method: 'GET', path, summary,
  query: EmailListQueryObject,
  response: Type.Ref(PageEmailProjection),
  handler: async ({ tenantId, principal, query: q }, { emails }) => {
    const filter = emailListFilter(q);
    if (!filter) return toPage([], 0, pageRequest(q));
    const organizationId = organization ? principal.organizationId ?? undefined : undefined;
    const { slice, request: page } = await emails.page(tenantId, { ...filter, organizationId }, q);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  },
});
