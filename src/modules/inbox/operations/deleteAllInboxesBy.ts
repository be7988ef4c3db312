import { Type } from '@sinclair/typebox';
import type { InboxService } from '../inbox.service.js';
import { inboxOperation } from './define.js';

type Field = 'tag' | 'name' | 'description';
const deleters: Record<Field, (s: InboxService, tenantId: string, value: string) => Promise<string[]>> = {
  tag: (s, t, v) => s.deleteByTag(t, v),
  name: (s, t, v) => s.deleteByName(t, v),
  description: (s, t, v) => s.deleteByDescription(t, v),
};

/** deleteAllInboxesByTag / ByName / ByDescription: one shape, three exact-match fields. */
const deleteBy = (field: Field, path: string, operationId: string) => inboxOperation({
  operationId, method: 'DELETE', path,
  summary: `Delete every inbox of the caller whose ${field} is exactly the given value`,
  query: Type.Object({ [field]: Type.String() }),
  status: 204,
  handler: async ({ tenantId, query }, { inboxes }) => {
    await deleters[field](inboxes, tenantId, (query as Record<Field, string>)[field]);
  },
});

export const deleteAllInboxesByTag = deleteBy('tag', '/inboxes/by-tag', 'deleteAllInboxesByTag');
export const deleteAllInboxesByName = deleteBy('name', '/inboxes/by-name', 'deleteAllInboxesByName');
export const deleteAllInboxesByDescription = deleteBy('description', '/inboxes/by-description', 'deleteAllInboxesByDescription');
