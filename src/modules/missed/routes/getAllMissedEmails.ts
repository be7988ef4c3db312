import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toMissedEmailProjection } from '../missed.dto.js';
import { MissedEmailsQuery, PageMissedEmailProjection } from '../missed.schemas.js';
import { TAG, toDate, type MissedRoute } from './kit.js';

export const getAllMissedEmails: MissedRoute = (app, { missed }) =>
  app.get('/missed-emails', {
    schema: {
      operationId: 'getAllMissedEmails', tags: TAG,
      summary: "Page through the caller's missed emails: mail kept aside because the email cap was reached",
      querystring: MissedEmailsQuery,
      response: { 200: Type.Ref(PageMissedEmailProjection) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await missed.page(principalOf(request).tenantId, {
      ...q, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toMissedEmailProjection), slice.total, page);
  });
