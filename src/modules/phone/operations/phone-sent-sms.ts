import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { phoneOperation } from './define.js';
import { PhoneNumberIdParams } from '../phone.schemas.js';
import { PageSentSmsProjection, SentSmsDto, SentSmsListQuery, SmsSendOptions } from '../../sms/sent-sms.schemas.js';
import { toSentSmsDto, toSentSmsProjection } from '../../sms/sent-sms.dto.js';

export const sendSmsFromPhoneNumber = phoneOperation({
  operationId: 'sendSmsFromPhoneNumber', method: 'POST', path: '/phone/numbers/{phoneNumberId}/sms',
  summary: 'Send an SMS from one of your numbers: delivered when the carrier holds the recipient (any account\'s number), recorded as sent otherwise',
  params: PhoneNumberIdParams,
  body: Type.Ref(SmsSendOptions),
  response: Type.Ref(SentSmsDto),
  handler: async ({ tenantId, params, body }, { smsSending }) =>
    toSentSmsDto(await smsSending.send(tenantId, { phoneId: params.phoneNumberId }, body.to, body.body)),
});

export const getSentSmsByPhoneNumber = phoneOperation({
  operationId: 'getSentSmsByPhoneNumber', method: 'GET', path: '/phone/numbers/{phoneNumberId}/sms-sent',
  summary: 'Page through the SMS one of your numbers sent',
  params: PhoneNumberIdParams,
  query: SentSmsListQuery,
  response: Type.Ref(PageSentSmsProjection),
  handler: async ({ tenantId, params, query }, { smsSending }) => {
    const { since, before, ...rest } = query;
    const { slice, request } = await smsSending.pageOfPhone(tenantId, params.phoneNumberId, { ...rest, since: toDate(since), before: toDate(before) });
    return toPage(slice.items.map(toSentSmsProjection), slice.total, request);
  },
});
