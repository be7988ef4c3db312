import { missedOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toMissedEmailProjection } from '../missed.dto.js';
import { MissedEmailsQuery, PageMissedEmailProjection } from '../missed.schemas.js';

export const getAllMissedEmails = missedOperation({
  operationId: 'getAllMissedEmails', method: 'GET', path: '/missed-emails',
  summary: "Page through the caller's missed emails: mail kept aside because the email cap was reached",
  query: MissedEmailsQuery,
  response: Type.Ref(PageMissedEmailProjection),
  handler: async ({ tenantId, query: q }, { missed }) => {
    const { slice, request: page } = await missed.page(tenantId, {
      ...q, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toMissedEmailProjection), slice.total, page);
  },
});
