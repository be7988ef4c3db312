import { bounceOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toBounceRecipientProjection } from '../bounce.dto.js';
import { BounceListQuery, PageBouncedRecipients } from '../bounce.schemas.js';

export const getBouncedRecipients = bounceOperation({
  operationId: 'getBouncedRecipients', method: 'GET', path: '/bounce/recipients',
  summary: 'Page through the addresses that refused mail the caller sent, one entry per refusal',
  query: BounceListQuery,
  response: Type.Ref(PageBouncedRecipients),
  handler: async ({ tenantId, query: q }, { bounces }) => {
    const { slice, request: page } = await bounces.pageRecipients(tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toBounceRecipientProjection), slice.total, page);
  },
});
