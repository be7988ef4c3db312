import { Type, type Static } from '@sinclair/typebox';
import { DateTime, INT32_MAX, LONGEST_MS, Nullable, SortDirection, StringEnum, Uuid } from '../shared/schemas.js';

/** Wire models of WaitForController with the official client's names and fields. */

export const MATCH_FIELDS = ['SUBJECT', 'TO', 'BCC', 'CC', 'FROM', 'HEADERS'] as const;
export const MATCH_SHOULD = ['MATCH', 'CONTAIN', 'EQUAL'] as const;
export const COUNT_TYPES = ['EXACTLY', 'ATLEAST'] as const;

export const MatchOption = Type.Object(
  {
    field: StringEnum(MATCH_FIELDS, { description: 'the email field compared; TO, CC and BCC match when any recipient does' }),
    should: StringEnum(MATCH_SHOULD, {
      description: 'CONTAIN: the field contains value; EQUAL: the field is value; MATCH: the field matches the Java-style regex value as a whole',
    }),
    value: Type.String(),
  },
  { $id: 'MatchOption', description: 'One condition an email must meet, such as SUBJECT should CONTAIN "Welcome"' },
);

export const ConditionOption = Type.Object(
  {
    condition: StringEnum(['HAS_ATTACHMENTS']),
    value: StringEnum(['TRUE', 'FALSE'], { description: 'the strings TRUE or FALSE, not booleans' }),
  },
  { $id: 'ConditionOption' },
);

const matchFields = {
  matches: Type.Optional(Nullable(Type.Array(Type.Ref(MatchOption), { description: 'every one must hold (AND)' }))),
  conditions: Type.Optional(Nullable(Type.Array(Type.Ref(ConditionOption), { description: 'every one must hold (AND)' }))),
};

export const MatchOptions = Type.Object(matchFields, { $id: 'MatchOptions' });

export const WaitForConditions = Type.Object(
  {
    inboxId: Uuid,
    count: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: INT32_MAX, description: 'matching emails expected (default 1)' }))),
    delayTimeout: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'accepted; waiting is event-driven, there is no retry delay' }))),
    timeout: Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'milliseconds to wait (cut to PIGEONHOLE_MAX_WAIT)' }),
    unreadOnly: Type.Optional(Nullable(Type.Boolean())),
    countType: Type.Optional(StringEnum(COUNT_TYPES, { description: 'EXACTLY (default) or ATLEAST count matching emails' })),
    ...matchFields,
    sortDirection: Type.Optional(SortDirection),
    since: Type.Optional(Nullable(DateTime)),
    before: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'WaitForConditions', description: 'conditions is accepted here as in MatchOptions (the client model lacks it)' },
);

export type MatchOptionT = Static<typeof MatchOption>;
export type ConditionOptionT = Static<typeof ConditionOption>;
export type MatchOptionsT = Static<typeof MatchOptions>;
export type WaitForConditionsT = Static<typeof WaitForConditions>;

/** Query parameters the wait operations share (the client sends them on every one). */
export const waitQuery = {
  timeout: Type.Optional(Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'milliseconds to wait (default 30000, cut to PIGEONHOLE_MAX_WAIT)' })),
  unreadOnly: Type.Optional(Type.Boolean({ description: 'consider only unread emails' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  sort: Type.Optional(SortDirection),
  delay: Type.Optional(Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'accepted; waiting is event-driven, there is no retry delay' })),
};

export const waitForModelSchemas = [MatchOption, ConditionOption, MatchOptions, WaitForConditions];
