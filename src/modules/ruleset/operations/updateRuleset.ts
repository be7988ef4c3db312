import { Type } from '@sinclair/typebox';
import { rulesetOperation } from './define.js';
import { toRulesetDto } from '../ruleset.dto.js';
import { RulesetDto, RulesetIdParams, RulesetOwnerQuery, UpdateRulesetOptions } from '../ruleset.schemas.js';

// In the spec (updateRuleset), not in the official client: the only way to switch a ruleset off and on.
export const updateRuleset = rulesetOperation({
  operationId: 'updateRuleset', method: 'PUT', path: '/rulesets/{id}',
  summary: 'Switch a ruleset on or off (active) without deleting it',
  params: RulesetIdParams,
  body: Type.Ref(UpdateRulesetOptions),
  response: Type.Ref(RulesetDto),
  handler: async ({ tenantId, params, body }, { rulesets }) => toRulesetDto(await rulesets.setActive(tenantId, params.id, body.active)),
});

export const deleteRuleset = rulesetOperation({
  operationId: 'deleteRuleset', method: 'DELETE', path: '/rulesets/{id}',
  summary: 'Delete a ruleset',
  params: RulesetIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { rulesets }) => {
    await rulesets.delete(tenantId, params.id);
  },
});

export const deleteRulesets = rulesetOperation({
  operationId: 'deleteRulesets', method: 'DELETE', path: '/rulesets',
  summary: "Delete the inbox's rulesets (inboxId), or without it every ruleset of the account",
  query: RulesetOwnerQuery,
  status: 204,
  handler: async ({ tenantId, query }, { rulesets }) => {
    await rulesets.deleteAll(tenantId, query);
  },
});
