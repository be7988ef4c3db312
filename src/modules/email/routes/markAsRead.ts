import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmailPreview } from '../email.dto.js';
import { EmailIdParams, EmailPreview } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const markAsRead: EmailRoute = (app, { emails }) =>
  app.patch('/emails/:emailId/read', {
    schema: {
      operationId: 'markAsRead', tags: EMAIL_TAG, summary: 'Mark an email read (default) or unread with read=false',
      params: EmailIdParams,
      querystring: Type.Object({ read: Type.Optional(Type.Boolean({ default: true })) }),
      response: { 200: Type.Ref(EmailPreview) },
    },
  }, async (request) =>
    toEmailPreview(await emails.setRead(principalOf(request).tenantId, request.params.emailId, request.query.read ?? true)));

export const markAllAsRead: EmailRoute = (app, { emails }) =>
  app.patch('/emails/read', {
    schema: {
      operationId: 'markAllAsRead', tags: EMAIL_TAG, summary: "Mark all of the caller's emails (of one inbox if given) read or unread",
      querystring: Type.Object({ read: Type.Optional(Type.Boolean({ default: true })), inboxId: Type.Optional(Uuid) }),
      response: { 204: { type: 'null', description: 'Done' } },
    },
  }, async (request, reply) => {
    await emails.setAllRead(principalOf(request).tenantId, request.query.read ?? true, request.query.inboxId);
    return reply.status(204).send();
  });
