import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';

/** Longest target: an address is at most 254 characters; patterns get some room beyond that. */
export const MAX_TARGET_LENGTH = 1000;

export const RULESET_SCOPES = ['RECEIVING_EMAILS', 'SENDING_EMAILS', 'RECEIVING_SMS', 'SENDING_SMS'] as const;
export const RULESET_ACTIONS = ['BLOCK', 'ALLOW', 'FILTER_REMOVE', 'BOUNCE_SOFT', 'BOUNCE_HARD'] as const;

const Scope = StringEnum(RULESET_SCOPES, { description: 'RECEIVING_EMAILS judges the sender of received mail, SENDING_EMAILS each recipient of a send (inbox or account); RECEIVING_SMS the sender of a received SMS, SENDING_SMS the recipient of a sent one (phone number or account)' });
const Action = StringEnum(RULESET_ACTIONS, { description: 'what a matching rule does; ALLOW beats the others' });

export const CreateRulesetOptions = Type.Object(
  {
    scope: Scope,
    action: Action,
    target: Type.String({ minLength: 1, maxLength: MAX_TARGET_LENGTH, description: 'an address or a pattern where * is any run of characters: *@example.com, *' }),
  },
  { $id: 'CreateRulesetOptions' },
);

export const RulesetDto = Type.Object(
  {
    id: Uuid,
    inboxId: Nullable(Uuid),
    phoneId: Nullable(Uuid),
    scope: Scope,
    action: Action,
    target: Type.String(),
    handler: StringEnum(['EXCEPTION'] as const, { description: 'a refusal is an error to the sender (SMTP 5xx, HTTP 400)' }),
    /** not in the client's model (it ignores it): whether the ruleset acts; PUT /rulesets/{id} changes it */
    active: Type.Boolean({ description: 'false: kept but acts on nothing (updateRuleset switches it)' }),
    createdAt: DateTime,
  },
  { $id: 'RulesetDto' },
);
export const PageRulesetDto = PageOf(Type.Ref(RulesetDto), 'PageRulesetDto');

export const UpdateRulesetOptions = Type.Object(
  { active: Type.Boolean({ description: 'false switches the ruleset off without deleting it' }) },
  { $id: 'UpdateRulesetOptions' },
);

export const RulesetTestOptions = Type.Object(
  { testTarget: Type.String({ minLength: 1, maxLength: MAX_TARGET_LENGTH, description: 'the address to judge' }) },
  { $id: 'RulesetTestOptions' },
);

export const TestNewInboxRulesetOptions = Type.Object(
  { inboxRulesetTestOptions: Type.Ref(RulesetTestOptions), createRulesetOptions: Type.Ref(CreateRulesetOptions) },
  { $id: 'TestNewInboxRulesetOptions' },
);

export const InboxRulesetTestResult = Type.Object(
  {
    rulesetMatches: Type.Record(Type.String(), Type.Boolean(), { description: 'for each ruleset considered: whether it is active and its target matches' }),
    matches: Type.Boolean({ description: 'whether any of them matches' }),
  },
  { $id: 'InboxRulesetTestResult' },
);

export const TestRulesetReceivingOptions = Type.Object(
  {
    inboxId: Type.Optional(Nullable(Uuid)),
    phoneId: Type.Optional(Nullable(Uuid)),
    fromSender: Type.String({ minLength: 1, maxLength: MAX_TARGET_LENGTH }),
  },
  { $id: 'TestRulesetReceivingOptions' },
);
export const TestRulesetReceivingResult = Type.Object({ canReceive: Type.Boolean() }, { $id: 'TestRulesetReceivingResult' });

export const TestInboxRulesetSendingOptions = Type.Object(
  {
    inboxId: Type.Optional(Nullable(Uuid)),
    phoneId: Type.Optional(Nullable(Uuid)),
    recipient: Type.String({ minLength: 1, maxLength: MAX_TARGET_LENGTH }),
  },
  { $id: 'TestInboxRulesetSendingOptions' },
);
export const TestRulesetSendingResult = Type.Object({ canSend: Type.Boolean() }, { $id: 'TestRulesetSendingResult' });

export const RulesetIdParams = Type.Object({ id: Uuid });
export const InboxIdParams = Type.Object({ inboxId: Uuid });

const ListQuery = {
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'part of the target, any case' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
};
export const RulesetsQuery = Type.Object({ inboxId: Type.Optional(Uuid), phoneId: Type.Optional(Uuid), ...ListQuery });
export const InboxRulesetsQuery = Type.Object(ListQuery);
export const RulesetOwnerQuery = Type.Object({ inboxId: Type.Optional(Uuid), phoneId: Type.Optional(Uuid) });
export const RequiredInboxQuery = Type.Object({ inboxId: Uuid });

export const rulesetModelSchemas = [
  CreateRulesetOptions, RulesetDto, PageRulesetDto, UpdateRulesetOptions, RulesetTestOptions, TestNewInboxRulesetOptions,
  InboxRulesetTestResult, TestRulesetReceivingOptions, TestRulesetReceivingResult, TestInboxRulesetSendingOptions, TestRulesetSendingResult,
];
