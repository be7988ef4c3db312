import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toEmailPreview } from '../email.dto.js';
import { EmailIdParams, EmailPreview } from '../email.schemas.js';

export const markAsRead = emailOperation({
  operationId: 'markAsRead', method: 'PATCH', path: '/emails/{emailId}/read',
  summary: 'Mark an email read (default) or unread with read=false',
  params: EmailIdParams,
  query: Type.Object({ read: Type.Optional(Type.Boolean({ default: true })) }),
  response: Type.Ref(EmailPreview),
  handler: async ({ tenantId, params, query }, { emails }) => toEmailPreview(await emails.setRead(tenantId, params.emailId, query.read ?? true)),
});

export const markAllAsRead = emailOperation({
  operationId: 'markAllAsRead', method: 'PATCH', path: '/emails/read',
  summary: "Mark all of the caller's emails (of one inbox if given) read or unread",
  query: Type.Object({ read: Type.Optional(Type.Boolean({ default: true })), inboxId: Type.Optional(Uuid) }),
  status: 204,
  handler: async ({ tenantId, query }, { emails }) => {
    await emails.setAllRead(tenantId, query.read ?? true, query.inboxId);
  },
});
