import { principalOf } from '../../../transports/http/auth.js';
import { InboxIdParams } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const deleteInbox: InboxRoute = (app, { inboxes }) =>
  app.delete('/inboxes/:inboxId', {
    schema: {
      operationId: 'deleteInbox', tags: TAG, summary: 'Delete an inbox and everything in it, permanently',
      params: InboxIdParams,
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await inboxes.delete(principalOf(request).tenantId, request.params.inboxId);
    return reply.status(204).send();
  });
