import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';

const MAX_NAME_LENGTH = 1000;
const Strings = Type.Array(Type.String());

export const CreateAliasOptions = Type.Object(
  {
    emailAddress: Type.String({ minLength: 1, maxLength: 320, description: 'the address to hide: mail to the alias is proxied to it once it is verified' }),
    inboxId: Type.Optional(Nullable(Uuid)),
    name: Type.Optional(Nullable(Type.String({ maxLength: MAX_NAME_LENGTH }))),
    useThreads: Type.Boolean({ description: 'proxied mail comes from a reply address of its own per conversation, so the hidden user can answer through the alias' }),
    domainId: Type.Optional(Nullable(Uuid)),
    verifyEmailAddress: Type.Optional(Nullable(Type.Boolean({ description: 'accepted; the hidden address is always verified by the link mailed to it' }))),
  },
  { $id: 'CreateAliasOptions' },
);

export const UpdateAliasOptions = Type.Object(
  { name: Type.Optional(Nullable(Type.String({ maxLength: MAX_NAME_LENGTH }))) },
  { $id: 'UpdateAliasOptions' },
);

export const AliasDto = Type.Object(
  {
    id: Uuid,
    emailAddress: Type.String({ description: "the alias's own address, which receives" }),
    maskedEmailAddress: Nullable(Type.String({ description: 'the hidden address mail is proxied to' })),
    userId: Uuid,
    inboxId: Uuid,
    name: Nullable(Type.String()),
    useThreads: Nullable(Type.Boolean()),
    isVerified: Type.Boolean(),
    domainId: Nullable(Type.String()),
    createdAt: Nullable(DateTime),
    updatedAt: Nullable(DateTime),
  },
  { $id: 'AliasDto' },
);

export const AliasProjection = Type.Object(
  {
    name: Nullable(Type.String()),
    id: Uuid,
    userId: Uuid,
    inboxId: Uuid,
    createdAt: DateTime,
    updatedAt: DateTime,
    emailAddress: Type.String({ description: "the alias's own address" }),
    useThreads: Nullable(Type.Boolean()),
  },
  { $id: 'AliasProjection' },
);
export const PageAlias = PageOf(Type.Ref(AliasProjection), 'PageAlias');

export const AliasThreadProjection = Type.Object(
  {
    name: Nullable(Type.String()),
    id: Uuid,
    subject: Nullable(Type.String()),
    userId: Uuid,
    inboxId: Uuid,
    to: Strings,
    createdAt: DateTime,
    cc: Nullable(Strings),
    bcc: Nullable(Strings),
    updatedAt: DateTime,
    aliasId: Uuid,
  },
  { $id: 'AliasThreadProjection' },
);
export const PageAliasThreadProjection = PageOf(Type.Ref(AliasThreadProjection), 'PageAliasThreadProjection');

export const ReplyToAliasEmailOptions = Type.Object(
  {
    body: Type.String(),
    isHTML: Type.Boolean(),
    charset: Type.Optional(Nullable(Type.String())),
    attachments: Type.Optional(Nullable(Strings)),
    templateVariables: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
    template: Type.Optional(Nullable(Type.String())),
    sendStrategy: Type.Optional(Nullable(StringEnum(['SINGLE_MESSAGE']))),
    customHeaders: Type.Optional(Nullable(Type.Record(Type.String(), Type.String()))),
    useInboxName: Type.Optional(Nullable(Type.Boolean())),
    html: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'ReplyToAliasEmailOptions' },
);

export const AliasIdParams = Type.Object({ aliasId: Uuid });
export const AliasEmailParams = Type.Object({ aliasId: Uuid, emailId: Uuid });
export const ThreadIdParams = Type.Object({ threadId: Uuid });

const SinceBefore = {
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
};
export const AliasListQuery = Type.Object({
  ...PageQuery,
  ...SinceBefore,
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'partial match on name, alias address, hidden address and id' })),
});
export const AliasPageQuery = Type.Object({ ...PageQuery, ...SinceBefore });
export const VerifyAliasQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const aliasModelSchemas = [
  CreateAliasOptions, UpdateAliasOptions, AliasDto, AliasProjection, PageAlias, AliasThreadProjection, PageAliasThreadProjection,
  ReplyToAliasEmailOptions,
];
