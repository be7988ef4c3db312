import { Type } from '@sinclair/typebox';
import { mfaOperation } from './define.js';
import { toTotpDeviceDto } from '../mfa.dto.js';
import { TotpDeviceCodeDto, TotpDeviceCodeQuery, TotpDeviceDto, TotpDeviceIdParams, UpdateTotpDeviceOptions } from '../mfa.schemas.js';

export const getTotpDevice = mfaOperation({
  operationId: 'getTotpDevice', method: 'GET', path: '/mfa/totp/device/{id}',
  summary: 'A TOTP device (without its secret)',
  params: TotpDeviceIdParams,
  response: Type.Ref(TotpDeviceDto),
  handler: async ({ tenantId, params }, { mfa }) => toTotpDeviceDto(await mfa.get(tenantId, params.id)),
});

export const updateTotpDevice = mfaOperation({
  operationId: 'updateTotpDevice', method: 'PUT', path: '/mfa/totp/device/{id}',
  summary: 'Change the labels or code parameters of a TOTP device; fields absent or null are kept',
  params: TotpDeviceIdParams,
  body: Type.Ref(UpdateTotpDeviceOptions),
  response: Type.Ref(TotpDeviceDto),
  handler: async ({ tenantId, params, body }, { mfa }) => toTotpDeviceDto(await mfa.update(tenantId, params.id, body)),
});

export const deleteTotpDevice = mfaOperation({
  operationId: 'deleteTotpDevice', method: 'DELETE', path: '/mfa/totp/device/{id}',
  summary: 'Delete a TOTP device and its secret',
  params: TotpDeviceIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { mfa }) => {
    await mfa.delete(tenantId, params.id);
  },
});

export const getTotpDeviceCode = mfaOperation({
  operationId: 'getTotpDeviceCode', method: 'GET', path: '/mfa/totp/device/{id}/code',
  summary: 'The code of a TOTP device now, or at the instant `at` (RFC 6238), with when it expires',
  params: TotpDeviceIdParams,
  query: TotpDeviceCodeQuery,
  response: Type.Ref(TotpDeviceCodeDto),
  handler: async ({ tenantId, params, query }, { mfa }) => {
    const code = await mfa.code(tenantId, params.id, { at: query.at ? new Date(query.at) : undefined, minSecondsUntilExpire: query.minSecondsUntilExpire });
    return { code: code.code, expiresAt: code.expiresAt.toISOString() };
  },
});
