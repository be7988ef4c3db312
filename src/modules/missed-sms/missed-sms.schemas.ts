import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../shared/schemas.js';

export const MissedSmsDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    phoneNumber: Type.String({ description: 'the id of the phone number it was for, as in SmsDto' }),
    fromNumber: Type.String(),
    toNumber: Nullable(Type.String({ description: 'the receiving number, E.164' })),
    body: Type.String(),
    sid: Type.String({ description: 'message SID in the shape a carrier gives one (SM and 32 hex digits), from the record id' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'MissedSmsDto', description: 'An SMS the carrier accepted for a number while its owner was at the SMS cap (PIGEONHOLE_TENANT_SMS_CAP)' },
);

export const MissedSmsProjection = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    createdAt: DateTime,
    phoneNumber: Type.String(),
    sid: Type.String(),
    fromNumber: Type.String(),
  },
  { $id: 'MissedSmsProjection' },
);
export const PageMissedSmsProjection = PageOf(Type.Ref(MissedSmsProjection), 'PageMissedSmsProjection');

export const MissedSmsIdParams = Type.Object({ missedSmsId: Uuid });

export const MissedSmsQuery = Type.Object({
  ...PageQuery,
  phoneNumber: Type.Optional(Type.String({ maxLength: 64, description: 'the phone number it was for: its id, or the number in E.164' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'case-insensitive partial match on body, sender and id' })),
});

export const missedSmsModelSchemas = [MissedSmsDto, MissedSmsProjection, PageMissedSmsProjection];
