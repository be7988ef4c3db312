import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxByNameResult } from '../inbox.schemas.js';

export const getInboxByName = inboxOperation({
  operationId: 'getInboxByName', method: 'GET', path: '/inboxes/byName',
  summary: "Find the caller's inbox with this exact name (the oldest if several)",
  query: Type.Object({ name: Type.String() }),
  response: Type.Ref(InboxByNameResult),
  handler: async ({ tenantId, query }, { inboxes }) => {
    const inbox = await inboxes.findByName(tenantId, query.name);
    return { inboxId: inbox?.id ?? null, exists: inbox !== undefined };
  },
});
