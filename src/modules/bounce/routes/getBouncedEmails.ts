import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toBounceProjection } from '../bounce.dto.js';
import { BounceListQuery, PageBouncedEmail } from '../bounce.schemas.js';
import { TAG, toDate, type BounceRoute } from './kit.js';

export const getBouncedEmails: BounceRoute = (app, { bounces }) =>
  app.get('/bounce/emails', {
    schema: {
      operationId: 'getBouncedEmails', tags: TAG,
      summary: "Page through the caller's sent emails that some recipients refused",
      querystring: BounceListQuery,
      response: { 200: Type.Ref(PageBouncedEmail) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await bounces.pageEmails(principalOf(request).tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toBounceProjection), slice.total, page);
  });
