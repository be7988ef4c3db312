import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { CountDto, Uuid } from '../../shared/schemas.js';
import { UnreadCount } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const getEmailCount: EmailRoute = (app, { emails }) =>
  app.get('/emails/emails/count', {
    schema: {
      operationId: 'getEmailCount', tags: EMAIL_TAG, summary: "Number of the caller's emails (of one inbox if given)",
      querystring: Type.Object({ inboxId: Type.Optional(Uuid) }),
      response: { 200: Type.Ref(CountDto) },
    },
  }, async (request) => {
    const { inboxId } = request.query;
    return { totalElements: await emails.count(principalOf(request).tenantId, inboxId ? { inboxIds: [inboxId] } : {}) };
  });

export const getUnreadEmailCount: EmailRoute = (app, { emails }) =>
  app.get('/emails/unreadCount', {
    schema: {
      operationId: 'getUnreadEmailCount', tags: EMAIL_TAG, summary: "Number of the caller's unread emails (of one inbox if given)",
      querystring: Type.Object({ inboxId: Type.Optional(Uuid) }),
      response: { 200: Type.Ref(UnreadCount) },
    },
  }, async (request) => {
    const { inboxId } = request.query;
    const filter = { unreadOnly: true, ...(inboxId ? { inboxIds: [inboxId] } : {}) };
    return { count: await emails.count(principalOf(request).tenantId, filter) };
  });
