import { inboxEmailOperation } from './define.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';

export const deleteAllInboxEmails = inboxEmailOperation({
  operationId: 'deleteAllInboxEmails', method: 'DELETE', path: '/inboxes/{inboxId}/deleteAllInboxEmails',
  summary: "Delete all of an inbox's emails, permanently",
  params: InboxIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { emails }) => {
    await emails.deleteAllInInbox(tenantId, params.inboxId);
  },
});
