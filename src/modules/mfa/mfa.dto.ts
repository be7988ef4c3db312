import type { Static } from '@sinclair/typebox';
import type { TotpDeviceRecord } from '../../storage/ports.js';
import type { TotpDeviceDto, TotpDeviceProjection } from './mfa.schemas.js';

/** Everything but the secret, which is never answered. */
export const toTotpDeviceDto = (d: TotpDeviceRecord): Static<typeof TotpDeviceDto> => ({
  id: d.id,
  name: d.name,
  username: d.username,
  issuer: d.issuer,
  digits: d.digits,
  period: d.period,
  algorithm: d.algorithm,
  clockOffsetSeconds: d.clockOffsetSeconds,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

// expiresAt: a device never expires here (the model has the field; null says so)
export const toTotpDeviceProjection = (d: TotpDeviceRecord): Static<typeof TotpDeviceProjection> => ({ ...toTotpDeviceDto(d), expiresAt: null });
