import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CountDto, Uuid } from '../../shared/schemas.js';
import { UnreadCount } from '../email.schemas.js';

export const getEmailCount = emailOperation({
  operationId: 'getEmailCount', method: 'GET', path: '/emails/emails/count',
  summary: "Number of the caller's emails (of one inbox if given)",
  query: Type.Object({ inboxId: Type.Optional(Uuid) }),
  response: Type.Ref(CountDto),
  handler: async ({ tenantId, query }, { emails }) => {
    const { inboxId } = query;
    return { totalElements: await emails.count(tenantId, inboxId ? { inboxIds: [inboxId] } : {}) };
  },
});

export const getUnreadEmailCount = emailOperation({
  operationId: 'getUnreadEmailCount', method: 'GET', path: '/emails/unreadCount',
  summary: "Number of the caller's unread emails (of one inbox if given)",
  query: Type.Object({ inboxId: Type.Optional(Uuid) }),
  response: Type.Ref(UnreadCount),
  handler: async ({ tenantId, query }, { emails }) => {
    const { inboxId } = query;
    const filter = { unreadOnly: true, ...(inboxId ? { inboxIds: [inboxId] } : {}) };
    return { count: await emails.count(tenantId, filter) };
  },
});
