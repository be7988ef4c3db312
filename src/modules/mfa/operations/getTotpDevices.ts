import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { mfaOperation } from './define.js';
import { toTotpDeviceDto, toTotpDeviceProjection } from '../mfa.dto.js';
import { PageTotpDeviceProjection, TotpDeviceByQuery, TotpDeviceOptionalDto, TotpDevicesQuery } from '../mfa.schemas.js';

export const getTotpDevices = mfaOperation({
  operationId: 'getTotpDevices', method: 'GET', path: '/mfa/totp/device',
  summary: "Page through the caller's TOTP devices, optionally of one issuer or username",
  query: TotpDevicesQuery,
  response: Type.Ref(PageTotpDeviceProjection),
  handler: async ({ tenantId, query }, { mfa }) => {
    const { slice, request } = await mfa.page(tenantId, query);
    return toPage(slice.items.map(toTotpDeviceProjection), slice.total, request);
  },
});

// A static path: matched before GET /mfa/totp/device/{id}, so it is never taken for an id.
export const getTotpDeviceBy = mfaOperation({
  operationId: 'getTotpDeviceBy', method: 'GET', path: '/mfa/totp/device/by',
  summary: 'The newest TOTP device with that name, issuer and username (each only when given); device is null when none matches',
  query: TotpDeviceByQuery,
  response: Type.Ref(TotpDeviceOptionalDto),
  handler: async ({ tenantId, query }, { mfa }) => {
    const device = await mfa.findBy(tenantId, query);
    return { device: device ? toTotpDeviceDto(device) : null };
  },
});
