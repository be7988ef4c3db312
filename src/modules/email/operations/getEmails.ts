import { inboxEmailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime, LONGEST_MS, SortDirection } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toEmailPreview } from '../email.dto.js';
import { EmailPreview } from '../email.schemas.js';
import { MAX_WAIT_MS } from '../wait.js';

export const getEmails = inboxEmailOperation({
  operationId: 'getEmails', method: 'GET', path: '/inboxes/{inboxId}/emails',
  summary: "An inbox's emails (at most 100); with minCount and retryTimeout the request waits for them",
  params: InboxIdParams,
  query: Type.Object({
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'alias of limit, assessed first' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'at most 100' })),
    sort: Type.Optional(SortDirection),
    retryTimeout: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS, description: 'ms to wait for minCount' })),
    delayTimeout: Type.Optional(Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'accepted; waiting is event-driven' })),
    minCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    unreadOnly: Type.Optional(Type.Boolean()),
    before: Type.Optional(DateTime),
    since: Type.Optional(DateTime),
  }),
  response: Type.Array(Type.Ref(EmailPreview)),
  handler: async ({ tenantId, params, query: q, signal }, { emails }) => {
    const list = await emails.inboxEmails(tenantId, params.inboxId, {
      limit: q.size ?? q.limit,
      sort: q.sort,
      since: toDate(q.since),
      before: toDate(q.before),
      unreadOnly: q.unreadOnly,
      minCount: q.minCount,
      retryTimeout: q.retryTimeout,
      signal,
    });
    return list.map(toEmailPreview);
  },
});
