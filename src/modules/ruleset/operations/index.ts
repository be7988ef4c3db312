import { createInboxRuleset, createNewRuleset } from './createNewRuleset.js';
import { getRuleset, getRulesets, listInboxRulesets } from './getRulesets.js';
import { deleteRuleset, deleteRulesets, updateRuleset } from './updateRuleset.js';
import { testInboxRulesetsForInbox, testNewRuleset, testRuleset, testRulesetReceiving, testRulesetSending } from './testRulesets.js';

/** RulesetController, and InboxController's createInboxRuleset and listInboxRulesets. */
export const rulesetOperations = [
  createNewRuleset, getRulesets, getRuleset, updateRuleset, deleteRuleset, deleteRulesets,
  testRuleset, testInboxRulesetsForInbox, testNewRuleset, testRulesetReceiving, testRulesetSending,
  createInboxRuleset, listInboxRulesets,
];
