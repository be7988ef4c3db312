import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { toReputationItem } from '../reputation.dto.js';
import { ComplaintListQuery, PageReputationItems } from '../reputation.schemas.js';

export const getReputationItems = bounceOperation({
  operationId: 'getReputationItems', method: 'GET', path: '/bounce/reputation-items',
  summary: "Page through the caller's bounced recipients and complaints as one list",
  query: ComplaintListQuery,
  response: Type.Ref(PageReputationItems),
  handler: async ({ tenantId, query: q }, { reputation }) => {
    const { slice, request } = await reputation.items(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toReputationItem), slice.total, request);
  },
});
