import { Type } from '@sinclair/typebox';
import { waitForOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { toSmsDto } from '../../sms/sms.dto.js';
import { SmsDto, WaitForSingleSmsOptions } from '../../sms/sms.schemas.js';

export const waitForLatestSms = waitForOperation({
  operationId: 'waitForLatestSms', method: 'POST', path: '/waitForLatestSms',
  summary: "The phone number's newest SMS, or the first to arrive within timeout (408 otherwise); marks it read",
  body: Type.Ref(WaitForSingleSmsOptions),
  response: Type.Ref(SmsDto),
  handler: async ({ tenantId, body, signal }, { sms, smsMedia }) => {
    const found = await sms.waitLatest(tenantId, {
      phoneNumberId: body.phoneNumberId, timeout: body.timeout, unreadOnly: body.unreadOnly ?? undefined,
      since: toDate(body.since ?? undefined), before: toDate(body.before ?? undefined), sortDirection: body.sortDirection, signal,
    });
    return toSmsDto(found, await smsMedia.listOf(tenantId, found.id));
  },
});
