import { sentEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { PageSentEmailProjection } from '../sending.schemas.js';
import { SentListQuery, sentListPage } from './getSentEmail.js';

/** A user is its own organization (as in getOrganizationInboxes), so these are the caller's sent emails. */
export const getSentOrganizationEmails = sentEmailOperation({
  operationId: 'getSentOrganizationEmails', method: 'GET', path: '/sent/organization',
  summary: "Page through the organization's sent emails (of one inbox if given)",
  query: SentListQuery,
  response: Type.Ref(PageSentEmailProjection),
  handler: async ({ tenantId, query }, { sending }) => sentListPage(sending, tenantId, query),
});
