import { emailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery, Uuid } from '../../shared/schemas.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';

export const getEmailsPaginated = emailOperation({
  operationId: 'getEmailsPaginated', method: 'GET', path: '/emails',
  summary: "Page through the caller's emails, optionally of some inboxes, unread, favourite or matching a search",
  query: Type.Object({
    ...PageQuery,
    inboxId: Type.Optional(Type.Array(Uuid)),
    unreadOnly: Type.Optional(Type.Boolean()),
    searchFilter: Type.Optional(Type.String({ description: 'partial match on subject, sender, recipients and id' })),
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
    favourited: Type.Optional(Type.Boolean()),
    syncConnectors: Type.Optional(Type.Boolean({ description: 'no connectors exist here; accepted for compatibility' })),
    plusAddressId: Type.Optional(Type.String({ description: 'no plus addresses exist here: any value matches none' })),
  }),
  response: Type.Ref(PageEmailProjection),
  handler: async ({ tenantId, query: q }, { emails }) => {
    if (q.plusAddressId) return toPage([], 0, { page: q.page ?? 0, size: Math.min(q.size ?? 20, 100), sort: q.sort ?? 'ASC' });
    const { slice, request: page } = await emails.page(tenantId, {
      inboxIds: q.inboxId?.length ? q.inboxId : undefined,
      unreadOnly: q.unreadOnly,
      favourite: q.favourited,
      search: q.searchFilter?.trim() || undefined,
      since: toDate(q.since),
      before: toDate(q.before),
    }, q);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  },
});
