import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import type { InboxService } from '../inbox.service.js';
import { TAG, type InboxRoute } from './kit.js';

type Field = 'tag' | 'name' | 'description';
const deleters: Record<Field, (s: InboxService, tenantId: string, value: string) => Promise<string[]>> = {
  tag: (s, t, v) => s.deleteByTag(t, v),
  name: (s, t, v) => s.deleteByName(t, v),
  description: (s, t, v) => s.deleteByDescription(t, v),
};

/** deleteAllInboxesByTag / ByName / ByDescription: one shape, three exact-match fields. */
const deleteBy = (field: Field, path: string, operationId: string): InboxRoute => (app, { inboxes }) =>
  app.delete(path, {
    schema: {
      operationId, tags: TAG, summary: `Delete every inbox of the caller whose ${field} is exactly the given value`,
      querystring: Type.Object({ [field]: Type.String() }),
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    const value = (request.query as Record<Field, string>)[field];
    await deleters[field](inboxes, principalOf(request).tenantId, value);
    return reply.status(204).send();
  });

export const deleteAllInboxesByTag = deleteBy('tag', '/inboxes/by-tag', 'deleteAllInboxesByTag');
export const deleteAllInboxesByName = deleteBy('name', '/inboxes/by-name', 'deleteAllInboxesByName');
export const deleteAllInboxesByDescription = deleteBy('description', '/inboxes/by-description', 'deleteAllInboxesByDescription');
