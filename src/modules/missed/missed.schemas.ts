import { Type } from '@sinclair/typebox';
import { MAX_WAIT_MS } from '../../events/wait.js';
import { DateTime, INT32_MAX, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../shared/schemas.js';

const Addresses = Type.Array(Type.String());

export const MissedEmailDto = Type.Object(
  {
    id: Uuid,
    userId: Nullable(Uuid),
    subject: Nullable(Type.String()),
    bodyExcerpt: Nullable(Type.String({ description: 'the start of the text body' })),
    attachmentCount: Type.Integer(),
    from: Nullable(Type.String()),
    // MailSlurp keeps missed mail in object storage; here the raw bytes are in the database,
    // so there is no URL, key or bucket to give.
    rawUrl: Nullable(Type.String()),
    rawKey: Nullable(Type.String()),
    rawBucket: Nullable(Type.String()),
    canRestore: Nullable(Type.Boolean({ description: 'true: the raw message is kept, so restoreMissedEmails can store it once the cap allows' })),
    to: Addresses,
    cc: Addresses,
    bcc: Addresses,
    inboxIds: Type.Array(Uuid),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'MissedEmailDto', description: 'Mail accepted for an inbox while its owner was at the email cap (PIGEONHOLE_TENANT_EMAIL_CAP)' },
);

export const MissedEmailProjection = Type.Object(
  {
    id: Uuid,
    from: Nullable(Type.String()),
    subject: Nullable(Type.String()),
    userId: Nullable(Uuid),
    createdAt: DateTime,
  },
  { $id: 'MissedEmailProjection' },
);
export const PageMissedEmailProjection = PageOf(Type.Ref(MissedEmailProjection), 'PageMissedEmailProjection');

export const UnknownMissedEmailProjection = Type.Object(
  {
    id: Uuid,
    from: Nullable(Type.String()),
    subject: Nullable(Type.String()),
    to: Nullable(Addresses),
    createdAt: DateTime,
  },
  { $id: 'UnknownMissedEmailProjection' },
);
export const PageUnknownMissedEmailProjection = PageOf(Type.Ref(UnknownMissedEmailProjection), 'PageUnknownMissedEmailProjection');

export const MissedEmailIdParams = Type.Object({ missedEmailId: Uuid });

export const MissedEmailsQuery = Type.Object({
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'case-insensitive partial match on subject, from, recipients and id' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  inboxId: Type.Optional(Uuid),
});

export const WaitForNthMissedEmailQuery = Type.Object({
  index: Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'zero-based, oldest first' }),
  inboxId: Type.Optional(Uuid),
  timeout: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS, description: 'milliseconds to wait; without it the current state is answered at once' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

export const missedModelSchemas = [
  MissedEmailDto, MissedEmailProjection, PageMissedEmailProjection, UnknownMissedEmailProjection, PageUnknownMissedEmailProjection,
];
