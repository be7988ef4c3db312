import { Type } from '@sinclair/typebox';
import { mfaOperation } from './define.js';
import { toTotpDeviceDto } from '../mfa.dto.js';
import { CreateTotpDeviceBase32SecretKeyOptions, CreateTotpDeviceCustomOptions, CreateTotpDeviceOtpAuthUrlOptions, TotpDeviceDto } from '../mfa.schemas.js';

export const createTotpDeviceForBase32SecretKey = mfaOperation({
  operationId: 'createTotpDeviceForBase32SecretKey', method: 'POST', path: '/mfa/totp/device/base32SecretKey',
  summary: 'Create a virtual TOTP device from a base32 secret (what setup pages show beside the QR code)',
  body: Type.Ref(CreateTotpDeviceBase32SecretKeyOptions),
  response: Type.Ref(TotpDeviceDto),
  handler: async ({ tenantId, body }, { mfa }) => toTotpDeviceDto(await mfa.createFromBase32(tenantId, body.base32SecretKey, body)),
});

export const createTotpDeviceForCustom = mfaOperation({
  operationId: 'createTotpDeviceForCustom', method: 'POST', path: '/mfa/totp/device/custom',
  summary: 'Create a virtual TOTP device from a base32 secret with every parameter chosen (digits, period, algorithm)',
  body: Type.Ref(CreateTotpDeviceCustomOptions),
  response: Type.Ref(TotpDeviceDto),
  handler: async ({ tenantId, body }, { mfa }) => toTotpDeviceDto(await mfa.createFromBase32(tenantId, body.secret, body, 'secret')),
});

export const createTotpDeviceForOtpAuthUrl = mfaOperation({
  operationId: 'createTotpDeviceForOtpAuthUrl', method: 'POST', path: '/mfa/totp/device/otpAuthUrl',
  summary: 'Create a virtual TOTP device from an otpauth://totp/ URL (what a setup QR code holds)',
  body: Type.Ref(CreateTotpDeviceOtpAuthUrlOptions),
  response: Type.Ref(TotpDeviceDto),
  handler: async ({ tenantId, body }, { mfa }) => toTotpDeviceDto(await mfa.createFromOtpAuthUrl(tenantId, body.otpAuthUrl, body)),
});
