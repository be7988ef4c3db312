import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime, INT32_MAX, SortDirection } from '../../shared/schemas.js';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto } from '../inbox.schemas.js';

export const getInboxes = inboxOperation({
  operationId: 'getInboxes', method: 'GET', path: '/inboxes',
  summary: 'List inboxes, capped at 100 (use getAllInboxes for pages)',
  query: Type.Object({
        size: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX, default: 100, description: 'at most 100' })),
        sort: Type.Optional(SortDirection),
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
        excludeCatchAllInboxes: Type.Optional(Type.Boolean({ description: 'no inbox here is a catch-all; accepted for compatibility' })),
        include: Type.Optional(Type.Array(Type.String(), { description: 'only the inboxes with these ids' })),
      }),
  response: Type.Array(Type.Ref(InboxDto)),
  handler: async ({ tenantId, query: q }, { inboxes }) => {
    const list = await inboxes.list(tenantId, {
      size: q.size, sort: q.sort, since: toDate(q.since), before: toDate(q.before), include: q.include,
    });
    return list.map(toInboxDto);
  },
});
