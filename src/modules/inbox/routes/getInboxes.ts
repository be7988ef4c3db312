import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DateTime, SortDirection } from '../../shared/schemas.js';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

export const getInboxes: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes', {
    schema: {
      operationId: 'getInboxes', tags: TAG,
      summary: 'List inboxes, capped at 100 (use getAllInboxes for pages)',
      querystring: Type.Object({
        size: Type.Optional(Type.Integer({ minimum: 1, default: 100, description: 'at most 100' })),
        sort: Type.Optional(SortDirection),
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
        excludeCatchAllInboxes: Type.Optional(Type.Boolean({ description: 'no inbox here is a catch-all; accepted for compatibility' })),
        include: Type.Optional(Type.Array(Type.String(), { description: 'only the inboxes with these ids' })),
      }),
      response: { 200: Type.Array(Type.Ref(InboxDto)) },
    },
  }, async (request) => {
    const q = request.query;
    const list = await inboxes.list(principalOf(request).tenantId, {
      size: q.size, sort: q.sort, since: toDate(q.since), before: toDate(q.before), include: q.include,
    });
    return list.map(toInboxDto);
  });
