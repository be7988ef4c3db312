/**
 * The one decision of the rulesets, pure: which rules match an address, and what the rules
 * together do to a message. The pipelines (ruleset.inbound.ts, ruleset.send-guard.ts) and the
 * test operations (testRuleset, testInboxRulesetsForInbox, testNewRuleset, testRulesetReceiving,
 * testRulesetSending) all call `judge`, so a test answers exactly what the pipeline does.
 */
import type { RulesetAction } from '../../storage/ports.js';
import { wildcardMatches } from '../forwarder/matching.js';

/** What `judge` reads of a ruleset. */
export interface Rule {
  id: string;
  /** null = the account's rule (every inbox) */
  inboxId: string | null;
  action: RulesetAction;
  /** an address or a `*` pattern */
  target: string;
  active: boolean;
}

export interface Verdict<R extends Rule = Rule> {
  /** what happens to the message: null when no active rule matched (it goes through as usual) */
  action: RulesetAction | null;
  /** the rule that decided, null when none did */
  rule: R | null;
  /** for each rule given: whether it is active and matches one of the addresses */
  matches: Map<string, boolean>;
}

/**
 * Among matching rules of one level, when none allows: the most drastic acts, so a
 * message is never treated more gently because a milder rule also matched.
 */
const SEVERITY: RulesetAction[] = ['BLOCK', 'BOUNCE_HARD', 'BOUNCE_SOFT', 'FILTER_REMOVE'];

/** An address as rules compare it: the bare address of `Name <a@b>`, trimmed, lower-case. */
export function normalAddress(value: string): string {
  const angle = /<([^>]*)>/.exec(value);
  return (angle ? angle[1]! : value).trim().toLowerCase();
}

/**
 * Whether `target` (an exact address, or a pattern where `*` is any run of characters) names
 * `address`; any case. The forwarders' wildcard walk, not a regular expression: a pattern of
 * many stars would make one backtrack for a time that grows with the address's length.
 */
export function targetMatches(target: string, address: string): boolean {
  const t = target.trim().toLowerCase();
  const a = normalAddress(address);
  if (!a) return false;
  return t.includes('*') ? wildcardMatches(t, a) : t === a;
}

/**
 * What the rules do to a message whose judged addresses are `addresses` (receiving: the
 * envelope sender and the From header; sending: one recipient), for `inboxId` (null: the
 * account only). Precedence:
 *  1. inactive rules, and rules of other inboxes, do nothing;
 *  2. the inbox's own rules are considered first; only when none of them matches do the
 *     account's rules (no inbox) decide;
 *  3. within that level, an ALLOW that matches any of the addresses beats every other rule
 *     (ALLOW over BLOCK for the same message);
 *  4. otherwise the most drastic matching action acts: BLOCK, then BOUNCE_HARD, BOUNCE_SOFT,
 *     FILTER_REMOVE; between equals the first given (the oldest).
 */
export function judge<R extends Rule>(rules: readonly R[], inboxId: string | null, addresses: readonly string[]): Verdict<R> {
  const matches = new Map<string, boolean>();
  const judged = addresses.map(normalAddress).filter(Boolean);
  const matching: R[] = [];
  for (const rule of rules) {
    const applies = rule.active && (rule.inboxId === null || rule.inboxId === inboxId);
    const hit = applies && judged.some((a) => targetMatches(rule.target, a));
    matches.set(rule.id, hit);
    if (hit) matching.push(rule);
  }
  const inboxLevel = inboxId === null ? [] : matching.filter((r) => r.inboxId === inboxId);
  const level = inboxLevel.length > 0 ? inboxLevel : matching.filter((r) => r.inboxId === null);
  if (level.length === 0) return { action: null, rule: null, matches };
  const allow = level.find((r) => r.action === 'ALLOW');
  if (allow) return { action: 'ALLOW', rule: allow, matches };
  for (const action of SEVERITY) {
    const rule = level.find((r) => r.action === action);
    if (rule) return { action, rule, matches };
  }
  return { action: null, rule: null, matches };
}

/** Whether a verdict lets the message through (no rule, or an ALLOW). */
export const passes = (verdict: Verdict): boolean => verdict.action === null || verdict.action === 'ALLOW';

/** How a refusal names its rule: "ruleset <id> (BLOCK *@spam.example)". */
export const describeRule = (rule: Rule): string => `ruleset ${rule.id} (${rule.action} ${rule.target})`;
