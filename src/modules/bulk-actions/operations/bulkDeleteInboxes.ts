import { bulkActionsOperation } from './define.js';
import { InboxIdList } from '../bulk-actions.schemas.js';
import { bulkDeleteInboxes as deleteInboxes } from '../bulk-actions.js';

export const bulkDeleteInboxes = bulkActionsOperation({
  operationId: 'bulkDeleteInboxes', method: 'DELETE', path: '/bulk/inboxes',
  summary: 'Delete the inboxes whose ids the body lists, and everything in them (an id that is not your inbox: 404, nothing deleted)',
  body: InboxIdList,
  status: 204,
  handler: async ({ tenantId, body }, { inboxes }) => {
    await deleteInboxes(inboxes, tenantId, body);
  },
});
