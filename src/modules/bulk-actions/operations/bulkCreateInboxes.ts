import { bulkActionsOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../../inbox/inbox.dto.js';
import { InboxDto } from '../../inbox/inbox.schemas.js';
import { BulkCreateInboxesQuery } from '../bulk-actions.schemas.js';
import { bulkCreateInboxes as createInboxes } from '../bulk-actions.js';

export const bulkCreateInboxes = bulkActionsOperation({
  operationId: 'bulkCreateInboxes', method: 'POST', path: '/bulk/inboxes',
  summary: 'Create `count` inboxes with random addresses (all or none: over the inbox quota, none is kept)',
  query: BulkCreateInboxesQuery,
  status: 201,
  response: Type.Array(Type.Ref(InboxDto)),
  handler: async ({ tenantId, query }, { inboxes }) => (await createInboxes(inboxes, tenantId, query.count)).map(toInboxDto),
});
