import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../shared/schemas.js';
import { MAX_SMS_LENGTH } from './sms.schemas.js';

export const SmsSendOptions = Type.Object(
  {
    to: Type.String({ minLength: 1, maxLength: 64, description: 'recipient, international form (+ and country code)' }),
    body: Type.String({ minLength: 1, maxLength: MAX_SMS_LENGTH }),
  },
  { $id: 'SmsSendOptions' },
);

export const SmsReplyOptions = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: MAX_SMS_LENGTH }) },
  { $id: 'SmsReplyOptions' },
);

export const SentSmsDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    /** the sending number's id, as SmsDto.phoneNumber is the receiving one's; null for a sink message from a sender id that is no number of the account */
    phoneNumber: Nullable(Uuid),
    fromNumber: Type.String(),
    toNumber: Type.String(),
    body: Type.String(),
    sid: Type.String({ description: 'message SID in the shape a carrier gives one (SM and 32 hex digits)' }),
    replyToSid: Type.Optional(Nullable(Type.String())),
    replyToId: Type.Optional(Nullable(Uuid)),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'SentSmsDto' },
);

export const SentSmsProjection = Type.Object(
  {
    id: Uuid,
    body: Type.String(),
    userId: Uuid,
    createdAt: DateTime,
    phoneNumber: Nullable(Uuid),
    fromNumber: Type.String(),
    toNumber: Type.String(),
    replyToId: Type.Optional(Nullable(Uuid)),
  },
  { $id: 'SentSmsProjection' },
);
export const PageSentSmsProjection = PageOf(Type.Ref(SentSmsProjection), 'PageSentSmsProjection');

export const ReplyForSms = Type.Object({ reply: Type.Optional(Nullable(Type.Ref(SentSmsDto))) }, { $id: 'ReplyForSms' });

export const SentSmsIdParams = Type.Object({ sentSmsId: Uuid });

export const SentSmsListQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
});

export const sentSmsModelSchemas = [SmsSendOptions, SmsReplyOptions, SentSmsDto, SentSmsProjection, PageSentSmsProjection, ReplyForSms];
