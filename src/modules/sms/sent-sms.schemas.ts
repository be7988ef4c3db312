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

/**
 * Pigeonhole's addition (the client ignores it): what the configured real provider
 * (PIGEONHOLE_SMS_RELAY_URL) made of an SMS to a number outside the carrier; null when it was not forwarded.
 */
export const SentSmsRelay = Type.Object(
  {
    status: Type.String({ description: 'pending (queued here), then the provider\'s status (queued, accepted, sent, ...), or failed' }),
    sid: Nullable(Type.String({ description: 'the provider\'s message SID' })),
    errorCode: Nullable(Type.Integer({ description: 'the provider\'s error code of its last refusal (Twilio\'s numeric codes)' })),
    errorMessage: Nullable(Type.String({ description: 'the provider\'s error message, or why it could not be reached' })),
    updatedAt: DateTime,
  },
  { $id: 'SentSmsRelay' },
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
    relay: Type.Optional(Nullable(Type.Ref(SentSmsRelay))),
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
    relay: Type.Optional(Nullable(Type.Ref(SentSmsRelay))),
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

export const sentSmsModelSchemas = [SentSmsRelay, SmsSendOptions, SmsReplyOptions, SentSmsDto, SentSmsProjection, PageSentSmsProjection, ReplyForSms];
