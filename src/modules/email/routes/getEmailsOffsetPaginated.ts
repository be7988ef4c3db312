import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { pageRequest, toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { EmailListQuery, emailListFilter } from './email-list-query.js';
import { EMAIL_TAG, type ListingRoute } from './listing-kit.js';

export const getEmailsOffsetPaginated: ListingRoute = (app, { emails }) =>
  app.get('/emails/offset-paginated', {
    schema: {
      operationId: 'getEmailsOffsetPaginated', tags: EMAIL_TAG,
      summary: "Page (by offset) through the caller's emails, optionally only the given ids, inboxes, unread, favourite or matching a search",
      querystring: Type.Object({
        ...EmailListQuery,
        include: Type.Optional(Type.Array(Uuid, { description: 'only the emails with these ids' })),
      }),
      response: { 200: Type.Ref(PageEmailProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const filter = emailListFilter(q);
    if (!filter) return toPage([], 0, pageRequest(q));
    const { slice, request: page } = await emails.page(principalOf(request).tenantId, {
      ...filter,
      ids: q.include?.length ? q.include : undefined,
    }, q);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  });
