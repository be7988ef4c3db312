import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { phoneOperation } from './define.js';
import { PhoneNumberIdParams } from '../phone.schemas.js';
import { PageSmsProjection, TestPhoneNumberOptions } from '../../sms/sms.schemas.js';
import { toSmsProjection } from '../../sms/sms.dto.js';
import { DateTime, PageQuery, SEARCH_MAX_LENGTH } from '../../shared/schemas.js';

export const testPhoneNumberSendSms = phoneOperation({
  operationId: 'testPhoneNumberSendSms', method: 'POST', path: '/phone/numbers/{phoneNumberId}/test',
  summary: 'Deliver an SMS to one of your numbers as the carrier would (from +12125550100, a fictional number)',
  params: PhoneNumberIdParams,
  body: Type.Ref(TestPhoneNumberOptions),
  status: 204,
  handler: async ({ tenantId, params, body }, { sms }) => {
    await sms.deliverTest(tenantId, params.phoneNumberId, body.message);
  },
});

export const getSmsByPhoneNumber = phoneOperation({
  operationId: 'getSmsByPhoneNumber', method: 'GET', path: '/phone/numbers/{phoneNumberId}/sms',
  summary: 'Page through the SMS received by one of your numbers',
  params: PhoneNumberIdParams,
  query: Type.Object({
    ...PageQuery,
    unreadOnly: Type.Optional(Type.Boolean()),
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
    search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
    favourite: Type.Optional(Type.Boolean()),
  }),
  response: Type.Ref(PageSmsProjection),
  handler: async ({ tenantId, params, query }, { phones, sms }) => {
    await phones.get(tenantId, params.phoneNumberId);
    const { since, before, ...rest } = query;
    const { slice, request } = await sms.page(tenantId, { ...rest, phoneId: params.phoneNumberId, since: toDate(since), before: toDate(before) });
    return toPage(slice.items.map(toSmsProjection), slice.total, request);
  },
});
