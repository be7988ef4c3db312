import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxIdsResult } from '../inbox.schemas.js';

export const getInboxIds = inboxOperation({
  operationId: 'getInboxIds', method: 'GET', path: '/inboxes/ids',
  summary: "Ids and addresses of all the caller's inboxes",
  response: Type.Ref(InboxIdsResult),
  handler: async ({ tenantId }, { inboxes }) => ({ inboxIds: await inboxes.ids(tenantId) }),
});
