import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { pageRequest, toPage } from '../../../core/paging.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { EmailListQuery, emailListFilter } from './email-list-query.js';
import { EMAIL_TAG, type ListingRoute } from './listing-kit.js';

/**
 * Team access is always on and a user is its own organization (as getOrganizationInboxes),
 * so the organization's emails are the caller's own.
 */
export const getOrganizationEmailsPaginated: ListingRoute = (app, { emails }) =>
  app.get('/emails/organization', {
    schema: {
      operationId: 'getOrganizationEmailsPaginated', tags: EMAIL_TAG,
      summary: "Page through the organization's emails (the caller's own: each user is its own organization)",
      querystring: Type.Object(EmailListQuery),
      response: { 200: Type.Ref(PageEmailProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const filter = emailListFilter(q);
    if (!filter) return toPage([], 0, pageRequest(q));
    const { slice, request: page } = await emails.page(principalOf(request).tenantId, filter, q);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  });
