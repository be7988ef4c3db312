import { missedOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { MissedEmailsQuery, PageUnknownMissedEmailProjection } from '../missed.schemas.js';
import { toUnknownMissedEmailProjection } from '../missed.dto.js';

export const getAllUnknownMissedEmails = missedOperation({
  operationId: 'getAllUnknownMissedEmails', method: 'GET', path: '/missed-emails/unknown',
  summary: 'Missed emails whose inbox no longer exists (mail for addresses that never had one is refused at RCPT with 550)',
  query: MissedEmailsQuery,
  response: Type.Ref(PageUnknownMissedEmailProjection),
  handler: async ({ tenantId, query: q }, { missed }) => {
    const { slice, request: page } = await missed.unknownPage(tenantId, {
      ...q, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
    });
    return toPage(slice.items.map(toUnknownMissedEmailProjection), slice.total, page);
  },
});
