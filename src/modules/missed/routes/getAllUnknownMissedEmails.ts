import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { MissedEmailsQuery, PageUnknownMissedEmailProjection } from '../missed.schemas.js';
import { TAG, toDate, type MissedRoute } from './kit.js';
import { toUnknownMissedEmailProjection } from '../missed.dto.js';

export const getAllUnknownMissedEmails: MissedRoute = (app, { missed }) =>
  app.get('/missed-emails/unknown', {
    schema: {
      operationId: 'getAllUnknownMissedEmails', tags: TAG,
      summary: 'Missed emails whose inbox no longer exists (mail for addresses that never had one is refused at RCPT with 550)',
      querystring: MissedEmailsQuery,
      response: { 200: Type.Ref(PageUnknownMissedEmailProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await missed.unknownPage(principalOf(request).tenantId, {
      ...q, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toUnknownMissedEmailProjection), slice.total, page);
  });
