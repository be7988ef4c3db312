import { inboxOperation } from './define.js';
import { InboxIdParams } from '../inbox.schemas.js';

export const deleteInbox = inboxOperation({
  operationId: 'deleteInbox', method: 'DELETE', path: '/inboxes/{inboxId}',
  summary: 'Delete an inbox and everything in it, permanently',
  params: InboxIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { inboxes }) => {
    await inboxes.delete(tenantId, params.inboxId);
  },
});
