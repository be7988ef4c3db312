import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime } from '../../shared/schemas.js';

export const deleteAllInboxes = inboxOperation({
  operationId: 'deleteAllInboxes', method: 'DELETE', path: '/inboxes',
  summary: "Delete all of the caller's inboxes (optionally only those created in a time range)",
  query: Type.Object({
        createdAtSince: Type.Optional(DateTime),
        createdAtBefore: Type.Optional(DateTime),
      }),
  status: 204,
  handler: async ({ tenantId, query: q }, { inboxes }) => {
    await inboxes.deleteAll(tenantId, {
      since: toDate(q.createdAtSince),
      before: toDate(q.createdAtBefore),
    });
  },
});
