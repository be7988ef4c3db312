import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxByEmailAddressResult } from '../inbox.schemas.js';

export const getInboxByEmailAddress = inboxOperation({
  operationId: 'getInboxByEmailAddress', method: 'GET', path: '/inboxes/byEmailAddress',
  summary: "Find one of the caller's inboxes by address",
  query: Type.Object({ emailAddress: Type.String() }),
  response: Type.Ref(InboxByEmailAddressResult),
  handler: async ({ tenantId, query }, { inboxes }) => {
    const inbox = await inboxes.findByAddress(tenantId, query.emailAddress);
    return { inboxId: inbox?.id ?? null, exists: inbox !== undefined };
  },
});
