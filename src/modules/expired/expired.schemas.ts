import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, Uuid } from '../shared/schemas.js';

export const ExpiredInboxDto = Type.Object(
  { id: Uuid, inboxId: Uuid, emailAddress: Type.String() },
  { $id: 'ExpiredInboxDto', description: 'The record an expired inbox leaves; its emails stay readable by inboxId' },
);

export const ExpiredInboxRecordProjection = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    // Not in the client's model; the spec has the record list the inbox id, and the
    // client ignores fields it does not know.
    inboxId: Uuid,
    createdAt: DateTime,
    emailAddress: Type.String(),
  },
  { $id: 'ExpiredInboxRecordProjection', description: 'createdAt is the time the inbox expired' },
);
export const PageExpiredInboxRecordProjection = PageOf(Type.Ref(ExpiredInboxRecordProjection), 'PageExpiredInboxRecordProjection');

export const ExpirationDefaults = Type.Object(
  {
    defaultExpirationMillis: Nullable(Type.Integer({ description: 'null: inboxes created without an expiry never expire' })),
    maxExpirationMillis: Nullable(Type.Integer({ description: 'the largest expiresIn accepted' })),
    defaultExpiresAt: Nullable(DateTime),
    canPermanentInbox: Type.Boolean(),
    nextInboxAllowsPermanent: Type.Boolean(),
  },
  { $id: 'ExpirationDefaults' },
);
export type ExpirationDefaults = Static<typeof ExpirationDefaults>;

export const ExpiredIdParams = Type.Object({ expiredId: Uuid });
export const ExpiredInboxIdParams = Type.Object({ inboxId: Uuid });

export const ExpiredInboxesQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  inboxId: Type.Optional(Uuid),
});

export const expiredModelSchemas = [ExpiredInboxDto, ExpiredInboxRecordProjection, PageExpiredInboxRecordProjection, ExpirationDefaults];
