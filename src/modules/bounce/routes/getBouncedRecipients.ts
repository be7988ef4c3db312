import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toBounceRecipientProjection } from '../bounce.dto.js';
import { BounceListQuery, PageBouncedRecipients } from '../bounce.schemas.js';
import { TAG, toDate, type BounceRoute } from './kit.js';

export const getBouncedRecipients: BounceRoute = (app, { bounces }) =>
  app.get('/bounce/recipients', {
    schema: {
      operationId: 'getBouncedRecipients', tags: TAG,
      summary: 'Page through the addresses that refused mail the caller sent, one entry per refusal',
      querystring: BounceListQuery,
      response: { 200: Type.Ref(PageBouncedRecipients) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await bounces.pageRecipients(principalOf(request).tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toBounceRecipientProjection), slice.total, page);
  });
