import { commonActionsOperation } from './define.js';
import { InboxIdQuery } from '../common-actions.schemas.js';

export const emptyInbox = commonActionsOperation({
  operationId: 'emptyInbox', method: 'DELETE', path: '/emptyInbox',
  summary: "Delete all of an inbox's emails, permanently (as deleteAllInboxEmails; inboxId in the query)",
  query: InboxIdQuery,
  status: 204,
  handler: async ({ tenantId, query }, { emails }) => {
    await emails.deleteAllInInbox(tenantId, query.inboxId);
  },
});
