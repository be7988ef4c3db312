import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { pageRequest, toPage } from '../../../core/paging.js';
import { toEmailProjection } from '../email.dto.js';
import { PageEmailProjection } from '../email.schemas.js';
import { EmailListQuery, emailListFilter } from './email-list-query.js';

/**
 * Team access is always on and a user is its own organization (as getOrganizationInboxes),
 * so the organization's emails are the caller's own.
 */
export const getOrganizationEmailsPaginated = emailOperation({
  operationId: 'getOrganizationEmailsPaginated', method: 'GET', path: '/emails/organization',
  summary: "Page through the organization's emails (the caller's own: each user is its own organization)",
  query: Type.Object(EmailListQuery),
  response: Type.Ref(PageEmailProjection),
  handler: async ({ tenantId, query: q }, { emails }) => {
    const filter = emailListFilter(q);
    if (!filter) return toPage([], 0, pageRequest(q));
    const { slice, request: page } = await emails.page(tenantId, filter, q);
    return toPage(slice.items.map(toEmailProjection), slice.total, page);
  },
});
