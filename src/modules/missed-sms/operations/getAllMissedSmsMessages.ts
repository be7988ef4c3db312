import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { missedSmsOperation } from './define.js';
import { toMissedSmsProjection } from '../missed-sms.dto.js';
import { MissedSmsQuery, PageMissedSmsProjection } from '../missed-sms.schemas.js';

export const getAllMissedSmsMessages = missedSmsOperation({
  operationId: 'getAllMissedSmsMessages', method: 'GET', path: '/missed-sms',
  summary: "Page through the caller's missed SMS: SMS kept aside because the SMS cap was reached (phoneNumber: a number's id or E.164 form)",
  query: MissedSmsQuery,
  response: Type.Ref(PageMissedSmsProjection),
  handler: async ({ tenantId, query: q }, { missedSms }) => {
    const { slice, request } = await missedSms.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toMissedSmsProjection), slice.total, request);
  },
});
