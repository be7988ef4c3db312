import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { smsOperation } from './define.js';
import { toSmsMediaDto } from '../sms.dto.js';
import { SmsIdParams, SmsMediaIdParams, SmsMessageMediaDto } from '../sms.schemas.js';
import { DownloadAttachmentDto } from '../../email/email.schemas.js';
import type { Services } from '../../services.js';

/** The media's bytes as its server typed them (application/octet-stream when it named no type). */
export async function mediaBytes(tenantId: string, mediaId: string, { smsMedia }: Services): Promise<Content> {
  const { media, content } = await smsMedia.content(tenantId, mediaId);
  return new Content(content, media.contentType ?? 'application/octet-stream', { 'content-length': String(content.length) });
}

export async function mediaBase64(tenantId: string, mediaId: string, { smsMedia }: Services) {
  const { media, content } = await smsMedia.content(tenantId, mediaId);
  return { base64FileContents: content.toString('base64'), contentType: media.contentType ?? 'application/octet-stream', sizeBytes: content.length };
}

export const getSmsMedia = smsOperation({
  operationId: 'getSmsMedia', method: 'GET', path: '/sms/{smsId}/media',
  summary: 'The MMS media an SMS carried, in order',
  params: SmsIdParams,
  response: Type.Array(Type.Ref(SmsMessageMediaDto)),
  handler: async ({ tenantId, params }, { smsMedia }) => (await smsMedia.ofSms(tenantId, params.smsId)).map(toSmsMediaDto),
});

export const getSmsMediaById = smsOperation({
  operationId: 'getSmsMediaById', method: 'GET', path: '/sms/media/{mediaId}',
  summary: 'One MMS media item by id',
  params: SmsMediaIdParams,
  response: Type.Ref(SmsMessageMediaDto),
  handler: async ({ tenantId, params }, { smsMedia }) => toSmsMediaDto(await smsMedia.get(tenantId, params.mediaId)),
});

export const downloadSmsMedia = smsOperation({
  operationId: 'downloadSmsMedia', method: 'GET', path: '/sms/media/{mediaId}/bytes',
  summary: "An MMS media item's bytes, with the content type its server gave",
  params: SmsMediaIdParams,
  handler: async ({ tenantId, params }, services) => mediaBytes(tenantId, params.mediaId, services),
});

export const downloadSmsMediaBase64 = smsOperation({
  operationId: 'downloadSmsMediaBase64', method: 'GET', path: '/sms/media/{mediaId}/base64',
  summary: "An MMS media item's bytes as base64 in JSON",
  params: SmsMediaIdParams,
  response: Type.Ref(DownloadAttachmentDto),
  handler: async ({ tenantId, params }, services) => mediaBase64(tenantId, params.mediaId, services),
});
