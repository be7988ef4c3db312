import type { Static } from '@sinclair/typebox';
import type { MissedSmsRecord } from '../../storage/ports.js';
import { smsSid } from '../sms/sent-sms.dto.js';
import type { MissedSmsDto, MissedSmsProjection } from './missed-sms.schemas.js';

export const toMissedSmsDto = (m: MissedSmsRecord): Static<typeof MissedSmsDto> => ({
  id: m.id,
  userId: m.tenantId,
  phoneNumber: m.phoneId,
  fromNumber: m.fromNumber,
  toNumber: m.toNumber,
  body: m.body,
  sid: smsSid(m.id),
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
});

export const toMissedSmsProjection = (m: MissedSmsRecord): Static<typeof MissedSmsProjection> => ({
  id: m.id,
  userId: m.tenantId,
  createdAt: m.createdAt.toISOString(),
  phoneNumber: m.phoneId,
  sid: smsSid(m.id),
  fromNumber: m.fromNumber,
});
