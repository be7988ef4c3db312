import { Type, type TProperties } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, Uuid } from '../shared/schemas.js';
import { MAX_CLOCK_OFFSET, MAX_DIGITS, MAX_PERIOD, MIN_DIGITS } from './totp.js';

const Label = Type.String({ maxLength: 1000 });

/** The fields every create and update options model shares; null or absent keeps the default. */
const DeviceFields = {
  name: Type.Optional(Nullable(Label)),
  username: Type.Optional(Nullable(Label)),
  issuer: Type.Optional(Nullable(Label)),
  digits: Type.Optional(Nullable(Type.Integer({ minimum: MIN_DIGITS, maximum: MAX_DIGITS, description: 'code length, 6 by default' }))),
  period: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_PERIOD, description: 'seconds each code lasts, 30 by default' }))),
  algorithm: Type.Optional(Nullable(Type.String({ maxLength: 20, description: 'SHA1 (default), SHA256 or SHA512' }))),
  // Pigeonhole's own: not in the client's models (its serializer drops it); raw HTTP and the dashboard send it
  clockOffsetSeconds: Type.Optional(Nullable(Type.Integer({
    minimum: -MAX_CLOCK_OFFSET, maximum: MAX_CLOCK_OFFSET, description: "seconds the device's clock runs ahead (positive) or behind (negative) the server's; 0 by default",
  }))),
} satisfies TProperties;

const Secret = Type.String({ minLength: 1, maxLength: 1024, description: 'the shared secret, base32 (RFC 4648)' });

export const CreateTotpDeviceBase32SecretKeyOptions = Type.Object(
  { base32SecretKey: Secret, ...DeviceFields },
  { $id: 'CreateTotpDeviceBase32SecretKeyOptions' },
);

export const CreateTotpDeviceCustomOptions = Type.Object(
  { secret: Secret, ...DeviceFields },
  { $id: 'CreateTotpDeviceCustomOptions' },
);

export const CreateTotpDeviceOtpAuthUrlOptions = Type.Object(
  { otpAuthUrl: Type.String({ minLength: 1, maxLength: 4096, description: 'otpauth://totp/Issuer:account?secret=...' }), ...DeviceFields },
  { $id: 'CreateTotpDeviceOtpAuthUrlOptions' },
);

export const UpdateTotpDeviceOptions = Type.Object(DeviceFields, { $id: 'UpdateTotpDeviceOptions' });

/** A device as answered: never its secret. */
export const TotpDeviceDto = Type.Object(
  {
    id: Uuid,
    name: Nullable(Type.String()),
    username: Nullable(Type.String()),
    issuer: Nullable(Type.String()),
    digits: Type.Integer(),
    period: Type.Integer(),
    algorithm: Type.String(),
    clockOffsetSeconds: Type.Integer({ description: "Pigeonhole's own: the device's simulated clock drift in seconds" }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'TotpDeviceDto' },
);

export const TotpDeviceProjection = Type.Object(
  {
    name: Nullable(Type.String()),
    id: Uuid,
    algorithm: Type.String(),
    period: Type.Integer(),
    username: Nullable(Type.String()),
    createdAt: DateTime,
    expiresAt: Nullable(DateTime),
    updatedAt: DateTime,
    issuer: Nullable(Type.String()),
    digits: Type.Integer(),
    clockOffsetSeconds: Type.Integer(),
  },
  { $id: 'TotpDeviceProjection' },
);
export const PageTotpDeviceProjection = PageOf(Type.Ref(TotpDeviceProjection), 'PageTotpDeviceProjection');

export const TotpDeviceOptionalDto = Type.Object({ device: Nullable(Type.Ref(TotpDeviceDto)) }, { $id: 'TotpDeviceOptionalDto' });

export const TotpDeviceCodeDto = Type.Object(
  {
    code: Type.String(),
    expiresAt: DateTime,
  },
  { $id: 'TotpDeviceCodeDto' },
);

export const TotpDeviceIdParams = Type.Object({ id: Uuid });

export const TotpDevicesQuery = Type.Object({
  ...PageQuery,
  issuer: Type.Optional(Label),
  username: Type.Optional(Label),
});

export const TotpDeviceByQuery = Type.Object({
  name: Type.Optional(Label),
  issuer: Type.Optional(Label),
  username: Type.Optional(Label),
});

export const TotpDeviceCodeQuery = Type.Object({
  at: Type.Optional(Type.String({ format: 'date-time', description: 'the instant to compute the code for (now when absent): ask for a later period without waiting' })),
  minSecondsUntilExpire: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400, description: "a code expiring sooner than this is passed over for the next period's" })),
});

export const mfaModelSchemas = [
  CreateTotpDeviceBase32SecretKeyOptions, CreateTotpDeviceCustomOptions, CreateTotpDeviceOtpAuthUrlOptions, UpdateTotpDeviceOptions,
  TotpDeviceDto, TotpDeviceProjection, PageTotpDeviceProjection, TotpDeviceOptionalDto, TotpDeviceCodeDto,
];
