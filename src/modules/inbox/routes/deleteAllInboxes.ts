import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DateTime } from '../../shared/schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

export const deleteAllInboxes: InboxRoute = (app, { inboxes }) =>
  app.delete('/inboxes', {
    schema: {
      operationId: 'deleteAllInboxes', tags: TAG,
      summary: "Delete all of the caller's inboxes (optionally only those created in a time range)",
      querystring: Type.Object({
        createdAtSince: Type.Optional(DateTime),
        createdAtBefore: Type.Optional(DateTime),
      }),
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    const q = request.query;
    await inboxes.deleteAll(principalOf(request).tenantId, {
      since: toDate(q.createdAtSince),
      before: toDate(q.createdAtBefore),
    });
    return reply.status(204).send();
  });
