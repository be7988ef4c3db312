import { Type } from '@sinclair/typebox';
import { rulesetOperation } from './define.js';
import {
  InboxRulesetTestResult, RequiredInboxQuery, RulesetIdParams, RulesetTestOptions, TestInboxRulesetSendingOptions, TestNewInboxRulesetOptions,
  TestRulesetReceivingOptions, TestRulesetReceivingResult, TestRulesetSendingResult,
} from '../ruleset.schemas.js';

// Every answer here comes from the same judge the pipelines use (ruleset-match.ts).

export const testRuleset = rulesetOperation({
  operationId: 'testRuleset', method: 'POST', path: '/rulesets/{id}/test',
  summary: 'Whether the ruleset acts on an address (false when it is switched off)',
  params: RulesetIdParams,
  body: Type.Ref(RulesetTestOptions),
  response: Type.Ref(InboxRulesetTestResult),
  handler: ({ tenantId, params, body }, { rulesets }) => rulesets.testRuleset(tenantId, params.id, body.testTarget),
});

export const testInboxRulesetsForInbox = rulesetOperation({
  operationId: 'testInboxRulesetsForInbox', method: 'PUT', path: '/rulesets',
  summary: "Which of the rulesets that apply to the inbox (its own and the account's) act on an address",
  query: RequiredInboxQuery,
  body: Type.Ref(RulesetTestOptions),
  response: Type.Ref(InboxRulesetTestResult),
  handler: ({ tenantId, query, body }, { rulesets }) => rulesets.testInbox(tenantId, query.inboxId, body.testTarget),
});

export const testNewRuleset = rulesetOperation({
  operationId: 'testNewRuleset', method: 'PATCH', path: '/rulesets',
  summary: 'Whether a ruleset with these options would act on an address; nothing is stored',
  body: Type.Ref(TestNewInboxRulesetOptions),
  response: Type.Ref(InboxRulesetTestResult),
  handler: async ({ body }, { rulesets }) => rulesets.testNew(body.createRulesetOptions, body.inboxRulesetTestOptions.testTarget),
});

export const testRulesetReceiving = rulesetOperation({
  operationId: 'testRulesetReceiving', method: 'POST', path: '/rulesets/test-receiving',
  summary: "Whether mail from the sender would reach the inbox under its RECEIVING_EMAILS rulesets (without inboxId: the account's)",
  body: Type.Ref(TestRulesetReceivingOptions),
  response: Type.Ref(TestRulesetReceivingResult),
  handler: async ({ tenantId, body }, { rulesets }) => ({ canReceive: await rulesets.canReceive(tenantId, body, body.fromSender) }),
});

export const testRulesetSending = rulesetOperation({
  operationId: 'testRulesetSending', method: 'POST', path: '/rulesets/test-sending',
  summary: "Whether the inbox may send to the recipient under its SENDING_EMAILS rulesets (without inboxId: the account's)",
  body: Type.Ref(TestInboxRulesetSendingOptions),
  response: Type.Ref(TestRulesetSendingResult),
  handler: async ({ tenantId, body }, { rulesets }) => ({ canSend: await rulesets.canSend(tenantId, body, body.recipient) }),
});
