import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { pageRequest, toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { EmailListQuery, emailListFilter } from './email-list-query.js';

export const getEmailsOffsetPaginated = emailOperation({
  operationId: 'getEmailsOffsetPaginated', method: 'GET', path: '/emails/offset-paginated',
  summary: "Page (by offset) through the caller's emails, optionally only the given ids, inboxes, unread, favourite or matching a search",
  query: Type.Object({
    ...EmailListQuery,
    include: Type.Optional(Type.Array(Uuid, { description: 'only the emails with these ids' })),
  }),
  response: Type.Ref(PageEmailProjection),
  handler: async ({ tenantId, query: q }, { emails }) => {
    const filter = emailListFilter(q);
    if (!filter) return toPage([], 0, pageRequest(q));
    const { slice, request: page } = await emails.page(tenantId, {
      ...filter,
      ids: q.include?.length ? q.include : undefined,
    }, q);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  },
});
