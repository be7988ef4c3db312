import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { CountDto, DateTime, PageQuery } from '../../shared/schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toSentEmailProjection } from '../sending.dto.js';
import { PageSentEmailProjection } from '../sending.schemas.js';
import { INBOX_TAG, toDate, type SendingRoute } from './kit.js';

export const getInboxSentEmails: SendingRoute = (app, { sending }) =>
  app.get('/inboxes/:inboxId/sent', {
    schema: {
      operationId: 'getInboxSentEmails', tags: INBOX_TAG, summary: 'Page through the emails sent from an inbox',
      params: InboxIdParams,
      querystring: Type.Object({
        ...PageQuery,
        searchFilter: Type.Optional(Type.String()),
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
      }),
      response: { 200: Type.Ref(PageSentEmailProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await sending.page(principalOf(request).tenantId, {
      inboxId: request.params.inboxId, search: q.searchFilter?.trim() || undefined, since: toDate(q.since), before: toDate(q.before),
    }, q);
    return toPage(slice.items.map(toSentEmailProjection), slice.total, page);
  });

export const getInboxSentCount: SendingRoute = (app, { sending }) =>
  app.get('/inboxes/:inboxId/sent/count', {
    schema: {
      operationId: 'getInboxSentCount', tags: INBOX_TAG, summary: 'Number of emails sent from an inbox',
      params: InboxIdParams,
      response: { 200: Type.Ref(CountDto) },
    },
  }, async (request) => ({ totalElements: await sending.count(principalOf(request).tenantId, request.params.inboxId) }));
