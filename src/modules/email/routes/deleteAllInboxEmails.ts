import { principalOf } from '../../../transports/http/auth.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { INBOX_TAG, type EmailRoute } from './kit.js';

export const deleteAllInboxEmails: EmailRoute = (app, { emails }) =>
  app.delete('/inboxes/:inboxId/deleteAllInboxEmails', {
    schema: {
      operationId: 'deleteAllInboxEmails', tags: INBOX_TAG, summary: "Delete all of an inbox's emails, permanently",
      params: InboxIdParams,
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await emails.deleteAllInInbox(principalOf(request).tenantId, request.params.inboxId);
    return reply.status(204).send();
  });
