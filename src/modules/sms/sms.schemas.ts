import { Type } from '@sinclair/typebox';
import { DateTime, LONGEST_MS, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';

/** Longest SMS body accepted: far beyond a concatenated SMS, small enough to list. */
export const MAX_SMS_LENGTH = 10_000;

export const TestPhoneNumberOptions = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: MAX_SMS_LENGTH }) },
  { $id: 'TestPhoneNumberOptions' },
);

export const SmsMessageMediaDto = Type.Object(
  {
    id: Uuid,
    smsId: Uuid,
    phoneNumberId: Uuid,
    attachmentId: Type.String({ description: 'the id the bytes are fetched with (downloadSmsMedia): media are kept apart from email attachments, so it is the media id' }),
    contentType: Type.Optional(Nullable(Type.String({ description: 'as the media URL answered; null when it named none' }))),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'SmsMessageMediaDto' },
);
export const PageSmsMessageMedia = PageOf(Type.Ref(SmsMessageMediaDto), 'PageSmsMessageMedia');

export const SmsDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    phoneNumber: Uuid,
    fromNumber: Type.String(),
    toNumber: Type.String(),
    favourite: Type.Boolean(),
    body: Type.String(),
    read: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
    media: Type.Array(Type.Ref(SmsMessageMediaDto), { description: 'MMS media the SMS carried (a sink message\'s MediaUrl, fetched), in order' }),
  },
  { $id: 'SmsDto' },
);

export const SmsProjection = Type.Object(
  {
    id: Uuid,
    body: Type.String(),
    userId: Uuid,
    createdAt: DateTime,
    phoneNumber: Uuid,
    read: Type.Boolean(),
    fromNumber: Type.String(),
  },
  { $id: 'SmsProjection' },
);
export const PageSmsProjection = PageOf(Type.Ref(SmsProjection), 'PageSmsProjection');

export const SmsIdParams = Type.Object({ smsId: Uuid });

export const SmsListQuery = Type.Object({
  ...PageQuery,
  phoneNumber: Type.Optional(Uuid),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  favourite: Type.Optional(Type.Boolean()),
  include: Type.Optional(Type.Array(Uuid)),
});

export const WaitForSingleSmsOptions = Type.Object(
  {
    phoneNumberId: Uuid,
    timeout: Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'milliseconds to hold the request (at most PIGEONHOLE_MAX_WAIT)' }),
    unreadOnly: Type.Optional(Nullable(Type.Boolean())),
    before: Type.Optional(Nullable(DateTime)),
    since: Type.Optional(Nullable(DateTime)),
    sortDirection: Type.Optional(StringEnum(['ASC', 'DESC'] as const, { description: 'DESC (default) answers the newest, ASC the oldest' })),
    delay: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'ignored: the wait is woken by the SMS itself' }))),
  },
  { $id: 'WaitForSingleSmsOptions' },
);

export const SmsMatchOption = Type.Object(
  {
    field: StringEnum(['BODY', 'FROM'] as const),
    should: StringEnum(['MATCH', 'CONTAIN', 'EQUAL'] as const, { description: 'MATCH: a Java-style regex found anywhere; CONTAIN: a substring; EQUAL: the whole field' }),
    value: Type.String({ maxLength: MAX_SMS_LENGTH }),
  },
  { $id: 'SmsMatchOption' },
);

export const WaitForSmsConditions = Type.Object(
  {
    phoneNumberId: Uuid,
    limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
    count: Type.Integer({ minimum: 1, maximum: 1000 }),
    delayTimeout: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'ignored: the wait is woken by the SMS itself' }))),
    timeout: Type.Integer({ minimum: 0, maximum: LONGEST_MS }),
    unreadOnly: Type.Optional(Nullable(Type.Boolean())),
    countType: Type.Optional(StringEnum(['EXACTLY', 'ATLEAST'] as const)),
    matches: Type.Optional(Nullable(Type.Array(Type.Ref(SmsMatchOption), { maxItems: 100 }))),
    sortDirection: Type.Optional(StringEnum(['ASC', 'DESC'] as const)),
    since: Type.Optional(Nullable(DateTime)),
    before: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'WaitForSmsConditions' },
);

export const SmsPreview = Type.Object(
  { id: Uuid, userId: Uuid, body: Type.String(), phoneNumber: Uuid, fromNumber: Type.String(), read: Type.Boolean(), createdAt: DateTime },
  { $id: 'SmsPreview' },
);

export const smsModelSchemas = [TestPhoneNumberOptions, SmsMessageMediaDto, PageSmsMessageMedia, SmsDto, SmsProjection, PageSmsProjection, WaitForSingleSmsOptions, SmsMatchOption, WaitForSmsConditions, SmsPreview];

export const SmsMediaIdParams = Type.Object({ mediaId: Uuid });

export const SmsMediaListQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
});
