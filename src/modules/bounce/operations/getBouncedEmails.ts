import { bounceOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toBounceProjection } from '../bounce.dto.js';
import { BounceListQuery, PageBouncedEmail } from '../bounce.schemas.js';

export const getBouncedEmails = bounceOperation({
  operationId: 'getBouncedEmails', method: 'GET', path: '/bounce/emails',
  summary: "Page through the caller's sent emails that some recipients refused",
  query: BounceListQuery,
  response: Type.Ref(PageBouncedEmail),
  handler: async ({ tenantId, query: q }, { bounces }) => {
    const { slice, request: page } = await bounces.pageEmails(tenantId, {
      ...q, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toBounceProjection), slice.total, page);
  },
});
