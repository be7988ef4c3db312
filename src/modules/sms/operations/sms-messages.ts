import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { smsOperation } from './define.js';
import { toSmsDto, toSmsProjection } from '../sms.dto.js';
import { PageSmsProjection, SmsDto, SmsIdParams, SmsListQuery } from '../sms.schemas.js';
import { CountDto, Uuid } from '../../shared/schemas.js';
import { UnreadCount } from '../../email/email.schemas.js';

export const getAllSmsMessages = smsOperation({
  operationId: 'getAllSmsMessages', method: 'GET', path: '/sms',
  summary: 'Page through the SMS received by the caller\'s phone numbers (phoneNumber: one number\'s id)',
  query: SmsListQuery,
  response: Type.Ref(PageSmsProjection),
  handler: async ({ tenantId, query }, { sms }) => {
    const { phoneNumber, include, since, before, ...rest } = query;
    const { slice, request } = await sms.page(tenantId, { ...rest, phoneId: phoneNumber, ids: include, since: toDate(since), before: toDate(before) });
    return toPage(slice.items.map(toSmsProjection), slice.total, request);
  },
});

// Static paths: matched before /sms/{smsId}.
export const getSmsCount = smsOperation({
  operationId: 'getSmsCount', method: 'GET', path: '/sms/count',
  summary: 'How many SMS the caller holds',
  response: Type.Ref(CountDto),
  handler: async ({ tenantId }, { sms }) => ({ totalElements: await sms.count(tenantId) }),
});

export const getUnreadSmsCount = smsOperation({
  operationId: 'getUnreadSmsCount', method: 'GET', path: '/sms/unreadCount',
  summary: 'How many SMS of the caller are unread',
  response: Type.Ref(UnreadCount),
  handler: async ({ tenantId }, { sms }) => ({ count: await sms.count(tenantId, false) }),
});

export const markAllSmsAsRead = smsOperation({
  operationId: 'markAllSmsAsRead', method: 'PATCH', path: '/sms/read',
  summary: 'Mark every SMS (of one phone number, with phoneNumberId) read, or unread with read=false',
  query: Type.Object({ read: Type.Optional(Type.Boolean({ default: true })), phoneNumberId: Type.Optional(Uuid) }),
  status: 204,
  handler: async ({ tenantId, query }, { sms }) => {
    await sms.markAll(tenantId, query.read ?? true, query.phoneNumberId);
  },
});

export const deleteSmsMessages = smsOperation({
  operationId: 'deleteSmsMessages', method: 'DELETE', path: '/sms',
  summary: 'Delete every SMS of the caller (of one phone number, with phoneNumberId)',
  query: Type.Object({ phoneNumberId: Type.Optional(Uuid) }),
  status: 204,
  handler: async ({ tenantId, query }, { sms }) => {
    await sms.deleteAll(tenantId, query.phoneNumberId);
  },
});

export const getSmsMessage = smsOperation({
  operationId: 'getSmsMessage', method: 'GET', path: '/sms/{smsId}',
  summary: 'An SMS by id (reading it marks it read)',
  params: SmsIdParams,
  response: Type.Ref(SmsDto),
  handler: async ({ tenantId, params }, { sms, smsMedia }) => toSmsDto(await sms.open(tenantId, params.smsId), await smsMedia.listOf(tenantId, params.smsId)),
});

export const markSmsAsRead = smsOperation({
  operationId: 'markSmsAsRead', method: 'PATCH', path: '/sms/{smsId}/read',
  summary: 'Mark an SMS read, or unread with read=false',
  params: SmsIdParams,
  query: Type.Object({ read: Type.Optional(Type.Boolean({ default: true })) }),
  response: Type.Ref(SmsDto),
  handler: async ({ tenantId, params, query }, { sms, smsMedia }) => toSmsDto(await sms.setRead(tenantId, params.smsId, query.read ?? true), await smsMedia.listOf(tenantId, params.smsId)),
});

export const setSmsFavourited = smsOperation({
  operationId: 'setSmsFavourited', method: 'PUT', path: '/sms/{smsId}/favourite',
  summary: 'Set whether an SMS is a favourite',
  params: SmsIdParams,
  query: Type.Object({ favourited: Type.Boolean() }),
  response: Type.Ref(SmsDto),
  handler: async ({ tenantId, params, query }, { sms, smsMedia }) => toSmsDto(await sms.setFavourite(tenantId, params.smsId, query.favourited), await smsMedia.listOf(tenantId, params.smsId)),
});

export const deleteSmsMessage = smsOperation({
  operationId: 'deleteSmsMessage', method: 'DELETE', path: '/sms/{smsId}',
  summary: 'Delete an SMS',
  params: SmsIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { sms }) => {
    await sms.delete(tenantId, params.smsId);
  },
});
