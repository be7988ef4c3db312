import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime } from '../../shared/schemas.js';
import { FlushExpiredInboxesResult } from '../inbox.schemas.js';

export const flushExpired = inboxOperation({
  operationId: 'flushExpired', method: 'DELETE', path: '/inboxes/expired',
  summary: "Remove the caller's inboxes whose expiry is at or before `before` (default now)",
  query: Type.Object({ before: Type.Optional(DateTime) }),
  response: Type.Ref(FlushExpiredInboxesResult),
  handler: async ({ tenantId, query }, { inboxes }) => {
    const result = await inboxes.flushExpired(tenantId, toDate(query.before));
    return { inboxIds: result.inboxIds, expireBefore: result.expireBefore.toISOString() };
  },
});
