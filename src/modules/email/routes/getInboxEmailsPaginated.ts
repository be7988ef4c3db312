import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toEmailPreview } from '../email.dto.js';
import { PageEmailPreview } from '../email.schemas.js';
import { INBOX_TAG, toDate, type EmailRoute } from './kit.js';

export const getInboxEmailsPaginated: EmailRoute = (app, { emails }) =>
  app.get('/inboxes/:inboxId/emails/paginated', {
    schema: {
      operationId: 'getInboxEmailsPaginated', tags: INBOX_TAG,
      summary: "Page through an inbox's emails; never waits",
      params: InboxIdParams,
      querystring: Type.Object({
        ...PageQuery,
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
        syncConnectors: Type.Optional(Type.Boolean({ description: 'no connectors exist here; accepted for compatibility' })),
      }),
      response: { 200: Type.Ref(PageEmailPreview) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await emails.inboxPage(principalOf(request).tenantId, request.params.inboxId, {
      page: q.page, size: q.size, sort: q.sort, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toEmailPreview), slice.total, page);
  });
