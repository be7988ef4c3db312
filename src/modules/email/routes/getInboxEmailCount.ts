import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { CountDto } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { INBOX_TAG, type EmailRoute } from './kit.js';

export const getInboxEmailCount: EmailRoute = (app, { emails }) =>
  app.get('/inboxes/:inboxId/emails/count', {
    schema: {
      operationId: 'getInboxEmailCount', tags: INBOX_TAG, summary: 'Number of emails in an inbox',
      params: InboxIdParams,
      response: { 200: Type.Ref(CountDto) },
    },
  }, async (request) => ({
    totalElements: await emails.count(principalOf(request).tenantId, { inboxIds: [request.params.inboxId] }),
  }));
