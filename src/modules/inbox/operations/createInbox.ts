import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../inbox.dto.js';
import { CreateInboxQuery, InboxDto } from '../inbox.schemas.js';

export const createInbox = inboxOperation({
  operationId: 'createInbox', method: 'POST', path: '/inboxes',
  summary: 'Create an inbox with a random or given address (options as query parameters)',
  query: CreateInboxQuery,
  status: 201,
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId, query: q }, { inboxes }) => {
    const inbox = await inboxes.create(tenantId, { ...q, expiresAt: toDate(q.expiresAt) });
    return toInboxDto(inbox);
  },
});
