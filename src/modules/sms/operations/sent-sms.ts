import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { smsOperation } from './define.js';
import { toSentSmsDto, toSentSmsProjection } from '../sent-sms.dto.js';
import { PageSentSmsProjection, ReplyForSms, SentSmsDto, SentSmsIdParams, SentSmsListQuery, SmsReplyOptions, SmsSendOptions } from '../sent-sms.schemas.js';
import { SmsIdParams } from '../sms.schemas.js';
import { CountDto, Uuid } from '../../shared/schemas.js';

export const sendSms = smsOperation({
  operationId: 'sendSms', method: 'POST', path: '/sms/send',
  summary: 'Send an SMS from one of your numbers (fromPhoneId or fromPhoneNumber; neither: your oldest number): delivered when the carrier holds the recipient, recorded as sent otherwise',
  query: Type.Object({ fromPhoneNumber: Type.Optional(Type.String({ maxLength: 64 })), fromPhoneId: Type.Optional(Uuid) }),
  body: Type.Ref(SmsSendOptions),
  response: Type.Ref(SentSmsDto),
  handler: async ({ tenantId, query, body }, { smsSending }) =>
    toSentSmsDto(await smsSending.send(tenantId, { phoneId: query.fromPhoneId, phoneNumber: query.fromPhoneNumber }, body.to, body.body)),
});

export const getSentSmsMessagesPaginated = smsOperation({
  operationId: 'getSentSmsMessagesPaginated', method: 'GET', path: '/sms/sent',
  summary: 'Page through the SMS your numbers sent (phoneNumber: one number\'s id)',
  query: Type.Object({ ...SentSmsListQuery.properties, phoneNumber: Type.Optional(Uuid) }),
  response: Type.Ref(PageSentSmsProjection),
  handler: async ({ tenantId, query }, { smsSending }) => {
    const { phoneNumber, since, before, ...rest } = query;
    const { slice, request } = await smsSending.page(tenantId, { ...rest, phoneId: phoneNumber, since: toDate(since), before: toDate(before) });
    return toPage(slice.items.map(toSentSmsProjection), slice.total, request);
  },
});

// Static path: matched before /sms/sent/{sentSmsId}.
export const getSentSmsCount = smsOperation({
  operationId: 'getSentSmsCount', method: 'GET', path: '/sms/sent/count',
  summary: 'How many SMS your numbers sent',
  response: Type.Ref(CountDto),
  handler: async ({ tenantId }, { smsSending }) => ({ totalElements: await smsSending.count(tenantId) }),
});

export const deleteSentSmsMessages = smsOperation({
  operationId: 'deleteSentSmsMessages', method: 'DELETE', path: '/sms/sent',
  summary: 'Delete every sent SMS (of one phone number, with phoneNumberId)',
  query: Type.Object({ phoneNumberId: Type.Optional(Uuid) }),
  status: 204,
  handler: async ({ tenantId, query }, { smsSending }) => {
    await smsSending.deleteAll(tenantId, query.phoneNumberId);
  },
});

export const getSentSmsMessage = smsOperation({
  operationId: 'getSentSmsMessage', method: 'GET', path: '/sms/sent/{sentSmsId}',
  summary: 'A sent SMS by id',
  params: SentSmsIdParams,
  response: Type.Ref(SentSmsDto),
  handler: async ({ tenantId, params }, { smsSending }) => toSentSmsDto(await smsSending.get(tenantId, params.sentSmsId)),
});

export const deleteSentSmsMessage = smsOperation({
  operationId: 'deleteSentSmsMessage', method: 'DELETE', path: '/sms/sent/{sentSmsId}',
  summary: 'Delete a sent SMS (what it delivered stays with its recipient)',
  params: SentSmsIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { smsSending }) => {
    await smsSending.delete(tenantId, params.sentSmsId);
  },
});

export const replyToSmsMessage = smsOperation({
  operationId: 'replyToSmsMessage', method: 'POST', path: '/sms/{smsId}/reply',
  summary: 'Answer a received SMS from the number that received it, to its sender',
  params: SmsIdParams,
  body: Type.Ref(SmsReplyOptions),
  response: Type.Ref(SentSmsDto),
  handler: async ({ tenantId, params, body }, { smsSending }) => toSentSmsDto(await smsSending.reply(tenantId, params.smsId, body.body)),
});

export const getReplyForSmsMessage = smsOperation({
  operationId: 'getReplyForSmsMessage', method: 'GET', path: '/sms/{smsId}/reply',
  summary: 'The newest reply sent to a received SMS (404 when none was)',
  params: SmsIdParams,
  response: Type.Ref(ReplyForSms),
  handler: async ({ tenantId, params }, { smsSending }) => ({ reply: toSentSmsDto(await smsSending.replyFor(tenantId, params.smsId)) }),
});
