import type { Static } from '@sinclair/typebox';
import type { SmsRecord } from '../../storage/ports.js';
import type { SmsDto, SmsProjection } from './sms.schemas.js';

export const toSmsDto = (m: SmsRecord): Static<typeof SmsDto> => ({
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
  media: [],
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
