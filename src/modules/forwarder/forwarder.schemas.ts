import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';
import { MATCH_FIELDS, MATCH_KINDS, MAX_PATTERN_LENGTH, type MatchGroup } from './matching.js';

const Field = StringEnum(MATCH_FIELDS, { description: 'what of the received message is matched (ATTACHMENT_TEXT is refused: no text extraction here)' });
const Should = StringEnum(MATCH_KINDS, { description: 'WILDCARD (* for any run of characters, the default), CONTAIN, EQUAL; all case-insensitive. MATCH (regular expressions) is refused' });
const Pattern = Type.String({ maxLength: MAX_PATTERN_LENGTH });

export const InboxAutomationMatchOption = Type.Object(
  { field: Field, should: Should, value: Pattern },
  { $id: 'InboxAutomationMatchOption' },
);

const matchOptionsFields = {
  operator: StringEnum(['AND', 'OR'] as const),
  matches: Type.Optional(Nullable(Type.Array(Type.Ref(InboxAutomationMatchOption)))),
  // a group nests groups of its own kind (depth is bounded when an automation is saved)
  groups: Type.Optional(Nullable(Type.Array(Type.Unsafe<MatchGroup>({ $ref: 'InboxAutomationMatchOptions' })))),
};
export const InboxAutomationMatchOptions = Type.Object(matchOptionsFields, { $id: 'InboxAutomationMatchOptions' });

/**
 * A nullable match group where a model holds one: inline, because validation refuses
 * `nullable` beside a bare $ref (it has no type); its nested groups still refer to the model.
 */
export const NullableMatchOptions = Nullable(Type.Object(matchOptionsFields));

const ExtractionMethod = StringEnum(['AUTO', 'NATIVE', 'OCR', 'LLM', 'OCR_THEN_LLM'] as const, { description: 'kept as given; attachment text is never extracted here' });

export const CreateInboxForwarderOptions = Type.Object(
  {
    field: Type.Optional(Field),
    match: Type.Optional(Nullable(Pattern)),
    forwardToRecipients: Type.Array(Type.String({ maxLength: 320 }), { minItems: 1, maxItems: 100 }),
    should: Type.Optional(Should),
    matchOptions: Type.Optional(NullableMatchOptions),
    attachmentTextExtractionMethod: Type.Optional(ExtractionMethod),
  },
  { $id: 'CreateInboxForwarderOptions' },
);

export const InboxForwarderDto = Type.Object(
  {
    id: Uuid,
    inboxId: Nullable(Uuid),
    name: Nullable(Type.String()),
    field: Field,
    match: Nullable(Type.String()),
    forwardToRecipients: Type.Array(Type.String()),
    createdAt: DateTime,
    should: Should,
    matchOptions: NullableMatchOptions,
    attachmentTextExtractionMethod: Type.Optional(ExtractionMethod),
  },
  { $id: 'InboxForwarderDto' },
);
export const PageInboxForwarderDto = PageOf(Type.Ref(InboxForwarderDto), 'PageInboxForwarderDto');

const EventStatus = StringEnum(['SUCCESS', 'FAILURE'] as const);
const eventFields = {
  id: Uuid,
  inboxId: Nullable(Uuid),
  emailId: Nullable(Uuid),
  sentId: Nullable(Uuid),
  userId: Nullable(Uuid),
  forwarderId: Nullable(Uuid),
  message: Nullable(Type.String({ description: 'what went wrong (a FAILURE), or what was done' })),
  status: EventStatus,
  createdAt: DateTime,
};
export const InboxForwarderEventDto = Type.Object(eventFields, { $id: 'InboxForwarderEventDto' });
export const InboxForwarderEventProjection = Type.Object(eventFields, { $id: 'InboxForwarderEventProjection' });
export const PageInboxForwarderEvents = PageOf(Type.Ref(InboxForwarderEventProjection), 'PageInboxForwarderEvents');

export const InboxForwarderTestOptions = Type.Object(
  {
    testValue: Type.Optional(Nullable(Type.String({ maxLength: 100_000, description: 'matched in place of every field of a message' }))),
    emailId: Type.Optional(Nullable(Uuid)),
  },
  { $id: 'InboxForwarderTestOptions' },
);

export const InboxForwarderTestResult = Type.Object(
  {
    matches: Type.Record(Type.String(), Type.Boolean(), { description: 'per forwarder id (a new forwarder: "new"), whether it matches' }),
    doesMatch: Type.Boolean(),
  },
  { $id: 'InboxForwarderTestResult' },
);

export const TestNewInboxForwarderOptions = Type.Object(
  {
    inboxForwarderTestOptions: Type.Ref(InboxForwarderTestOptions),
    createInboxForwarderOptions: Type.Ref(CreateInboxForwarderOptions),
  },
  { $id: 'TestNewInboxForwarderOptions' },
);

export const ForwarderIdParams = Type.Object({ id: Uuid });
export const OptionalInboxQuery = Type.Object({ inboxId: Type.Optional(Uuid) });
export const RequiredInboxQuery = Type.Object({ inboxId: Uuid });

export const ForwardersQuery = Type.Object({
  inboxId: Type.Optional(Uuid),
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

export const ForwarderEventsQuery = Type.Object({ ...PageQuery });
export const AllForwarderEventsQuery = Type.Object({
  ...PageQuery,
  inboxId: Type.Optional(Uuid),
  emailId: Type.Optional(Uuid),
  sentId: Type.Optional(Uuid),
});

export const forwarderModelSchemas = [
  InboxAutomationMatchOption, InboxAutomationMatchOptions, CreateInboxForwarderOptions, InboxForwarderDto, PageInboxForwarderDto,
  InboxForwarderEventDto, InboxForwarderEventProjection, PageInboxForwarderEvents, InboxForwarderTestOptions, InboxForwarderTestResult,
  TestNewInboxForwarderOptions,
];
