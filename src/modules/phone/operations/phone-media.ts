import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { phoneOperation } from './define.js';
import { PhoneNumberIdParams } from '../phone.schemas.js';
import { toSmsMediaDto } from '../../sms/sms.dto.js';
import { PageSmsMessageMedia, SmsMediaIdParams, SmsMediaListQuery, SmsMessageMediaDto } from '../../sms/sms.schemas.js';
import { DownloadAttachmentDto } from '../../email/email.schemas.js';
import { mediaBase64, mediaBytes } from '../../sms/operations/sms-media.js';

export const getPhoneNumberMedia = phoneOperation({
  operationId: 'getPhoneNumberMedia', method: 'GET', path: '/phone/{phoneNumberId}/media',
  summary: 'Page through the MMS media received by one phone number',
  params: PhoneNumberIdParams, query: SmsMediaListQuery,
  response: Type.Ref(PageSmsMessageMedia),
  handler: async ({ tenantId, params, query }, { smsMedia }) => {
    const { slice, request } = await smsMedia.page(tenantId, { ...query, phoneId: params.phoneNumberId, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toSmsMediaDto), slice.total, request);
  },
});

// Static /phone/media paths: matched before /phone/{phoneNumberId}.
export const getPhoneNumberMedia1 = phoneOperation({
  operationId: 'getPhoneNumberMedia1', method: 'GET', path: '/phone/media',
  summary: "Page through the MMS media received by all the caller's phone numbers",
  query: SmsMediaListQuery,
  response: Type.Ref(PageSmsMessageMedia),
  handler: async ({ tenantId, query }, { smsMedia }) => {
    const { slice, request } = await smsMedia.page(tenantId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toSmsMediaDto), slice.total, request);
  },
});

export const getPhoneNumberMediaById = phoneOperation({
  operationId: 'getPhoneNumberMediaById', method: 'GET', path: '/phone/media/{mediaId}',
  summary: 'One MMS media item by id',
  params: SmsMediaIdParams,
  response: Type.Ref(SmsMessageMediaDto),
  handler: async ({ tenantId, params }, { smsMedia }) => toSmsMediaDto(await smsMedia.get(tenantId, params.mediaId)),
});

export const downloadPhoneNumberMedia = phoneOperation({
  operationId: 'downloadPhoneNumberMedia', method: 'GET', path: '/phone/media/{mediaId}/bytes',
  summary: "An MMS media item's bytes, with the content type its server gave",
  params: SmsMediaIdParams,
  handler: async ({ tenantId, params }, services) => mediaBytes(tenantId, params.mediaId, services),
});

export const downloadPhoneNumberMediaBase64 = phoneOperation({
  operationId: 'downloadPhoneNumberMediaBase64', method: 'GET', path: '/phone/media/{mediaId}/base64',
  summary: "An MMS media item's bytes as base64 in JSON",
  params: SmsMediaIdParams,
  response: Type.Ref(DownloadAttachmentDto),
  handler: async ({ tenantId, params }, services) => mediaBase64(tenantId, params.mediaId, services),
});
