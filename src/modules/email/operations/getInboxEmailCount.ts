import { inboxEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CountDto } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';

export const getInboxEmailCount = inboxEmailOperation({
  operationId: 'getInboxEmailCount', method: 'GET', path: '/inboxes/{inboxId}/emails/count',
  summary: 'Number of emails in an inbox',
  params: InboxIdParams,
  response: Type.Ref(CountDto),
  handler: async ({ tenantId, params }, { emails }) => ({
    totalElements: await emails.count(tenantId, { inboxIds: [params.inboxId] }),
  }),
});
