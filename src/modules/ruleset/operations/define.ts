import { operationsOf } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import type { Services } from '../../services.js';

/** Declares a RulesetController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const rulesetOperation = operationsOf<Services>('RulesetController');

/** InboxController's ruleset operations (createInboxRuleset, listInboxRulesets) live with the rulesets. */
export const inboxRulesetOperation = operationsOf<Services>('InboxController');

/** A list query with its dates read. */
export const listQueryOf = <Q extends { since?: string; before?: string }>(query: Q) => ({ ...query, since: toDate(query.since), before: toDate(query.before) });
