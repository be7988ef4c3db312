import { inboxEmailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toEmailPreview } from '../email.dto.js';
import { PageEmailPreview } from '../email.schemas.js';

export const getInboxEmailsPaginated = inboxEmailOperation({
  operationId: 'getInboxEmailsPaginated', method: 'GET', path: '/inboxes/{inboxId}/emails/paginated',
  summary: "Page through an inbox's emails; never waits",
  params: InboxIdParams,
  query: Type.Object({
    ...PageQuery,
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
    syncConnectors: Type.Optional(Type.Boolean({ description: 'no connectors exist here; accepted for compatibility' })),
  }),
  response: Type.Ref(PageEmailPreview),
  handler: async ({ tenantId, params, query: q }, { emails }) => {
    const { slice, request: page } = await emails.inboxPage(tenantId, params.inboxId, {
      page: q.page, size: q.size, sort: q.sort, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toEmailPreview), slice.total, page);
  },
});
