import { sentListPage } from './getSentEmail.js';
import { inboxSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CountDto, DateTime, PageQuery, SEARCH_MAX_LENGTH } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { PageSentEmailProjection } from '../sending.schemas.js';

export const getInboxSentEmails = inboxSendOperation({
  operationId: 'getInboxSentEmails', method: 'GET', path: '/inboxes/{inboxId}/sent',
  summary: 'Page through the emails sent from an inbox',
  params: InboxIdParams,
  query: Type.Object({
    ...PageQuery,
    searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
  }),
  response: Type.Ref(PageSentEmailProjection),
  handler: async ({ tenantId, params, query }, { sending }) => sentListPage(sending, tenantId, { ...query, inboxId: params.inboxId }),
});

export const getInboxSentCount = inboxSendOperation({
  operationId: 'getInboxSentCount', method: 'GET', path: '/inboxes/{inboxId}/sent/count',
  summary: 'Number of emails sent from an inbox',
  params: InboxIdParams,
  response: Type.Ref(CountDto),
  handler: async ({ tenantId, params }, { sending }) => ({ totalElements: await sending.count(tenantId, params.inboxId) }),
});
