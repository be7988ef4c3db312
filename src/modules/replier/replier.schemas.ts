import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';
import { NullableMatchOptions } from '../forwarder/forwarder.schemas.js';
import { MATCH_FIELDS, MATCH_KINDS, MAX_PATTERN_LENGTH } from '../forwarder/matching.js';
import { MAX_TEMPLATE_LENGTH } from '../template/template.schemas.js';

const Field = StringEnum(MATCH_FIELDS, { description: 'what of the received message is matched (ATTACHMENT_TEXT is refused)' });
const Should = StringEnum(MATCH_KINDS, { description: 'WILDCARD (the default), CONTAIN, EQUAL; case-insensitive. MATCH is refused' });
const HeaderText = Type.String({ maxLength: 1000 });

/** The settings CreateInboxReplierOptions and UpdateInboxReplierOptions share. */
const replierFields = {
  name: Type.Optional(Nullable(HeaderText)),
  field: Type.Optional(Field),
  match: Type.Optional(Nullable(Type.String({ maxLength: MAX_PATTERN_LENGTH }))),
  replyTo: Type.Optional(Nullable(HeaderText)),
  subject: Type.Optional(Nullable(HeaderText)),
  from: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: "a display name, or the inbox's own address (optionally as Name <address>)" }))),
  charset: Type.Optional(Nullable(Type.String({ maxLength: 40, description: 'UTF-8 only: replies are composed in UTF-8' }))),
  isHTML: Type.Optional(Nullable(Type.Boolean())),
  ignoreReplyTo: Type.Optional(Nullable(Type.Boolean({ description: "reply to the sender's From even when the message names a Reply-To" }))),
  body: Type.Optional(Nullable(Type.String({ maxLength: MAX_TEMPLATE_LENGTH }))),
  templateId: Type.Optional(Nullable(Uuid)),
  templateVariables: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  should: Type.Optional(Should),
  matchOptions: Type.Optional(NullableMatchOptions),
};

export const CreateInboxReplierOptions = Type.Object(
  { inboxId: Type.Optional(Nullable(Uuid)), ...replierFields },
  { $id: 'CreateInboxReplierOptions' },
);

export const UpdateInboxReplierOptions = Type.Object(
  { inboxId: Uuid, ...replierFields },
  { $id: 'UpdateInboxReplierOptions' },
);

/** PUT /repliers/{id}/active (the spec's updateInboxReplierActive; the client has no operation for it). */
export const UpdateInboxReplierActiveOptions = Type.Object(
  { active: Type.Boolean() },
  { $id: 'UpdateInboxReplierActiveOptions' },
);

export const InboxReplierDto = Type.Object(
  {
    id: Uuid,
    inboxId: Nullable(Uuid),
    name: Nullable(Type.String()),
    field: Field,
    match: Nullable(Type.String()),
    replyTo: Nullable(Type.String()),
    subject: Nullable(Type.String()),
    from: Nullable(Type.String()),
    charset: Nullable(Type.String()),
    isHTML: Type.Boolean(),
    templateId: Nullable(Uuid),
    templateVariables: Nullable(Type.Record(Type.String(), Type.Unknown())),
    ignoreReplyTo: Type.Boolean(),
    createdAt: DateTime,
    should: Should,
    matchOptions: NullableMatchOptions,
    active: Type.Boolean({ description: 'an inactive replier answers nothing (PUT /repliers/{id}/active)' }),
  },
  { $id: 'InboxReplierDto' },
);
export const PageInboxReplierDto = PageOf(Type.Ref(InboxReplierDto), 'PageInboxReplierDto');

export const InboxReplierEventProjection = Type.Object(
  {
    message: Nullable(Type.String({ description: 'what was done, or why no reply was sent' })),
    id: Uuid,
    recipients: Nullable(Type.Array(Type.String())),
    status: StringEnum(['SUCCESS', 'FAILURE'] as const, { description: 'FAILURE also for a message no reply may answer (RFC 3834) or a sender answered within the window: the message says which' }),
    userId: Nullable(Uuid),
    emailId: Nullable(Uuid),
    inboxId: Nullable(Uuid),
    createdAt: DateTime,
    sentId: Nullable(Uuid),
    replierId: Nullable(Uuid),
  },
  { $id: 'InboxReplierEventProjection' },
);
export const PageInboxReplierEvents = PageOf(Type.Ref(InboxReplierEventProjection), 'PageInboxReplierEvents');

export const ReplierIdParams = Type.Object({ id: Uuid });

export const RepliersQuery = Type.Object({
  inboxId: Type.Optional(Uuid),
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

export const ReplierEventsQuery = Type.Object({ ...PageQuery });
export const AllReplierEventsQuery = Type.Object({
  inboxReplierId: Type.Optional(Uuid),
  inboxId: Type.Optional(Uuid),
  emailId: Type.Optional(Uuid),
  sentId: Type.Optional(Uuid),
  ...PageQuery,
});

export const replierModelSchemas = [
  CreateInboxReplierOptions, UpdateInboxReplierOptions, UpdateInboxReplierActiveOptions, InboxReplierDto, PageInboxReplierDto,
  InboxReplierEventProjection, PageInboxReplierEvents,
];
