import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { inboxRulesetOperation, listQueryOf, rulesetOperation } from './define.js';
import { toRulesetDto } from '../ruleset.dto.js';
import { InboxIdParams, InboxRulesetsQuery, PageRulesetDto, RulesetDto, RulesetIdParams, RulesetsQuery } from '../ruleset.schemas.js';

export const getRulesets = rulesetOperation({
  operationId: 'getRulesets', method: 'GET', path: '/rulesets',
  summary: "Page through the caller's rulesets, or one inbox's (inboxId)",
  query: RulesetsQuery,
  response: Type.Ref(PageRulesetDto),
  handler: async ({ tenantId, query }, { rulesets }) => {
    const { slice, request } = await rulesets.page(tenantId, listQueryOf(query));
    return toPage(slice.items.map(toRulesetDto), slice.total, request);
  },
});

export const listInboxRulesets = inboxRulesetOperation({
  operationId: 'listInboxRulesets', method: 'GET', path: '/inboxes/{inboxId}/rulesets',
  summary: "Page through the inbox's own rulesets (the account's rulesets, which also apply to it, are listed by getRulesets)",
  params: InboxIdParams,
  query: InboxRulesetsQuery,
  response: Type.Ref(PageRulesetDto),
  handler: async ({ tenantId, params, query }, { rulesets }) => {
    const { slice, request } = await rulesets.page(tenantId, { ...listQueryOf(query), inboxId: params.inboxId });
    return toPage(slice.items.map(toRulesetDto), slice.total, request);
  },
});

export const getRuleset = rulesetOperation({
  operationId: 'getRuleset', method: 'GET', path: '/rulesets/{id}',
  summary: 'Get a ruleset',
  params: RulesetIdParams,
  response: Type.Ref(RulesetDto),
  handler: async ({ tenantId, params }, { rulesets }) => toRulesetDto(await rulesets.get(tenantId, params.id)),
});
