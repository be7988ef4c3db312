import { Type } from '@sinclair/typebox';
import { inboxRulesetOperation, rulesetOperation } from './define.js';
import { toRulesetDto } from '../ruleset.dto.js';
import { CreateRulesetOptions, InboxIdParams, RulesetDto, RulesetOwnerQuery } from '../ruleset.schemas.js';

export const createNewRuleset = rulesetOperation({
  operationId: 'createNewRuleset', method: 'POST', path: '/rulesets',
  summary: 'Create a ruleset for an inbox (inboxId) or, without one, for every inbox of the account',
  query: RulesetOwnerQuery,
  body: Type.Ref(CreateRulesetOptions),
  status: 201,
  response: Type.Ref(RulesetDto),
  handler: async ({ tenantId, query, body }, { rulesets }) => toRulesetDto(await rulesets.create(tenantId, body, query)),
});

export const createInboxRuleset = inboxRulesetOperation({
  operationId: 'createInboxRuleset', method: 'POST', path: '/inboxes/{inboxId}/rulesets',
  summary: 'Create a ruleset for the inbox',
  params: InboxIdParams,
  body: Type.Ref(CreateRulesetOptions),
  status: 201,
  response: Type.Ref(RulesetDto),
  handler: async ({ tenantId, params, body }, { rulesets }) => toRulesetDto(await rulesets.create(tenantId, body, { inboxId: params.inboxId })),
});
