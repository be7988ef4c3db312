import { sentEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { PageSentEmailProjection } from '../sending.schemas.js';
import { SentListQuery, sentListPage } from './getSentEmail.js';

/** The sent emails of every member of the caller's organisation (as getOrganizationInboxes); the caller's own outside one. */
export const getSentOrganizationEmails = sentEmailOperation({
  operationId: 'getSentOrganizationEmails', method: 'GET', path: '/sent/organization',
  summary: "Page through the organization's sent emails (of one inbox if given)",
  query: SentListQuery,
  response: Type.Ref(PageSentEmailProjection),
  handler: async ({ tenantId, principal, query }, { sending }) => sentListPage(sending, tenantId, query, principal.organizationId),
});
