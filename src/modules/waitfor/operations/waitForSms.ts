import { Type } from '@sinclair/typebox';
import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { SmsPreview, WaitForSmsConditions } from '../../sms/sms.schemas.js';

export const waitForSms = waitForOperation({
  operationId: 'waitForSms', method: 'POST', path: '/waitForSms',
  summary: "A phone number's SMS passing the matches, once there are count of them (EXACTLY by default, or ATLEAST); 408 at the timeout",
  body: Type.Ref(WaitForSmsConditions),
  response: Type.Array(Type.Ref(SmsPreview)),
  handler: async ({ tenantId, body, signal }, { sms, content }) => {
    const found = await sms.waitMatching(tenantId, {
      phoneNumberId: body.phoneNumberId, count: body.count, countType: body.countType, limit: body.limit ?? undefined, timeout: body.timeout,
      unreadOnly: body.unreadOnly ?? undefined, since: toDate(body.since ?? undefined), before: toDate(body.before ?? undefined),
      sortDirection: body.sortDirection, matches: body.matches ?? undefined, signal,
    }, (pattern, texts) => content.regexTests(pattern, texts));
    return found.map((m) => ({
      id: m.id, userId: m.tenantId, body: m.body, phoneNumber: m.phoneId, fromNumber: m.fromNumber, read: m.read, createdAt: m.createdAt.toISOString(),
    }));
  },
});
