import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { DateTime, SortDirection } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toEmailPreview } from '../email.dto.js';
import { EmailPreview } from '../email.schemas.js';
import { MAX_WAIT_MS } from '../wait.js';
import { INBOX_TAG, toDate, type EmailRoute } from './kit.js';

export const getEmails: EmailRoute = (app, { emails }) =>
  app.get('/inboxes/:inboxId/emails', {
    schema: {
      operationId: 'getEmails', tags: INBOX_TAG,
      summary: "An inbox's emails (at most 100); with minCount and retryTimeout the request waits for them",
      params: InboxIdParams,
      querystring: Type.Object({
        size: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'alias of limit, assessed first' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'at most 100' })),
        sort: Type.Optional(SortDirection),
        retryTimeout: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS, description: 'ms to wait for minCount' })),
        delayTimeout: Type.Optional(Type.Integer({ minimum: 0, description: 'accepted; waiting is event-driven' })),
        minCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
        unreadOnly: Type.Optional(Type.Boolean()),
        before: Type.Optional(DateTime),
        since: Type.Optional(DateTime),
      }),
      response: { 200: Type.Array(Type.Ref(EmailPreview)) },
    },
  }, async (request, reply) => {
    const q = request.query;
    const list = await emails.inboxEmails(principalOf(request).tenantId, request.params.inboxId, {
      limit: q.size ?? q.limit,
      sort: q.sort,
      since: toDate(q.since),
      before: toDate(q.before),
      unreadOnly: q.unreadOnly,
      minCount: q.minCount,
      retryTimeout: q.retryTimeout,
      signal: disconnectSignal(reply),
    });
    return list.map(toEmailPreview);
  });
