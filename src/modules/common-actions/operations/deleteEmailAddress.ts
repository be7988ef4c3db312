import { commonActionsOperation } from './define.js';
import { InboxIdQuery } from '../common-actions.schemas.js';

export const deleteEmailAddress = commonActionsOperation({
  operationId: 'deleteEmailAddress', method: 'DELETE', path: '/deleteEmailAddress',
  summary: 'Delete an inbox and everything in it, permanently (as deleteInbox; inboxId in the query)',
  query: InboxIdQuery,
  status: 204,
  handler: async ({ tenantId, query }, { inboxes }) => {
    await inboxes.delete(tenantId, query.inboxId);
  },
});
