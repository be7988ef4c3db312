import type { Static } from '@sinclair/typebox';
import type { SmsMediaRecord, SmsRecord } from '../../storage/ports.js';
import type { SmsDto, SmsMessageMediaDto, SmsProjection } from './sms.schemas.js';

/** `media`: the SMS's media in order (SmsMediaService.ofSms); none when it carried none. */
export const toSmsDto = (m: SmsRecord, media: readonly SmsMediaRecord[] = []): Static<typeof SmsDto> => ({
  id: m.id,
  userId: m.tenantId,
  phoneNumber: m.phoneId,
  fromNumber: m.fromNumber,
  toNumber: m.toNumber,
  favourite: m.favourite,
  body: m.body,
  read: m.read,
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
  media: media.map(toSmsMediaDto),
});

export const toSmsProjection = (m: SmsRecord): Static<typeof SmsProjection> => ({
  id: m.id,
  body: m.body,
  userId: m.tenantId,
  createdAt: m.createdAt.toISOString(),
  phoneNumber: m.phoneId,
  read: m.read,
  fromNumber: m.fromNumber,
});

/** Media are never changed once stored: updatedAt is createdAt. attachmentId is the media id (its bytes: downloadSmsMedia). */
export const toSmsMediaDto = (m: SmsMediaRecord): Static<typeof SmsMessageMediaDto> => ({
  id: m.id,
  smsId: m.smsId,
  phoneNumberId: m.phoneId,
  attachmentId: m.id,
  contentType: m.contentType,
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.createdAt.toISOString(),
});
