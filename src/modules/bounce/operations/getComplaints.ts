import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { toComplaint } from '../reputation.dto.js';
import { ComplaintListQuery, PageComplaint } from '../reputation.schemas.js';

export const getComplaints = bounceOperation({
  operationId: 'getComplaints', method: 'GET', path: '/bounce/complaints',
  summary: "Page through the complaints (ARF feedback reports) about the caller's sent mail",
  query: ComplaintListQuery,
  response: Type.Ref(PageComplaint),
  handler: async ({ tenantId, query: q }, { complaints }) => {
    const { slice, request } = await complaints.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toComplaint), slice.total, request);
  },
});
