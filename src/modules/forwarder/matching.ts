/**
 * The matching rule forwarders and repliers share: which received mail an automation acts
 * on. One function answers both the pipeline (the planners) and the test operations, so a
 * test answers exactly what a received message would set off.
 */
import { badRequest } from '../../core/errors.js';

export const MATCH_FIELDS = ['RECIPIENTS', 'SENDER', 'SUBJECT', 'ATTACHMENTS', 'ATTACHMENT_FILENAME', 'ATTACHMENT_TEXT'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];
export const MATCH_KINDS = ['WILDCARD', 'MATCH', 'CONTAIN', 'EQUAL'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface MatchLeaf {
  field: MatchField;
  should: MatchKind;
  value: string;
}

/** InboxAutomationMatchOptions: leaves and nested groups joined by AND or OR. */
export interface MatchGroup {
  operator: 'AND' | 'OR';
  matches?: MatchLeaf[] | null;
  groups?: MatchGroup[] | null;
}

/** What an automation matches on: its own field/should/match, and optionally a group of further rules (both must hold). */
export interface MatchRule {
  field: MatchField;
  should: MatchKind;
  match: string | null;
  matchOptions: MatchGroup | null;
}

/** The values of a received message each field is matched against. */
export interface MatchSubject {
  sender: string[];
  recipients: string[];
  subject: string[];
  attachmentNames: string[];
}

/** The rule a stored forwarder or replier carries (its columns are plain strings and JSON). */
export const ruleOf = (r: { field: string; should: string; match: string | null; matchOptions: Record<string, unknown> | null }): MatchRule => ({
  field: r.field as MatchField,
  should: r.should as MatchKind,
  match: r.match,
  matchOptions: r.matchOptions as MatchGroup | null,
});

/** Deep or wide rule trees cost every received message: bounded here, refused with a 400 when created. */
export const MAX_MATCH_DEPTH = 5;
export const MAX_MATCH_RULES = 50;
export const MAX_PATTERN_LENGTH = 1000;

/**
 * Refuses what the pipeline could not apply, naming it: a rule needs a `match` or
 * `matchOptions`; MATCH (regular expressions would run on every received message, where a
 * catastrophic pattern stalls ingest) and ATTACHMENT_TEXT (no text extraction here) are
 * not offered.
 */
export function checkMatchRule(rule: MatchRule): void {
  if ((rule.match === null || rule.match === '') && !rule.matchOptions) {
    throw badRequest('Give match (a pattern, * for anything) or matchOptions: a rule without either matches nothing');
  }
  if (rule.match !== null) checkLeaf({ field: rule.field, should: rule.should, value: rule.match }, 'match');
  if (rule.matchOptions) {
    let count = 0;
    const walk = (group: MatchGroup, depth: number, path: string) => {
      if (depth > MAX_MATCH_DEPTH) throw badRequest(`matchOptions nests deeper than ${MAX_MATCH_DEPTH} groups`);
      if (group.operator !== 'AND' && group.operator !== 'OR') throw badRequest(`${path}.operator must be AND or OR`);
      (group.matches ?? []).forEach((leaf, i) => {
        count++;
        checkLeaf(leaf, `${path}.matches[${i}]`);
      });
      (group.groups ?? []).forEach((child, i) => walk(child, depth + 1, `${path}.groups[${i}]`));
      if (count > MAX_MATCH_RULES) throw badRequest(`matchOptions has more than ${MAX_MATCH_RULES} rules`);
    };
    walk(rule.matchOptions, 1, 'matchOptions');
  }
}

function checkLeaf(leaf: MatchLeaf, where: string): void {
  if (leaf.field === 'ATTACHMENT_TEXT') throw badRequest(`${where}: field ATTACHMENT_TEXT is not offered (no attachment text extraction); use ATTACHMENTS to match attachment names`);
  if (leaf.should === 'MATCH') throw badRequest(`${where}: should MATCH (regular expressions) is not offered; use WILDCARD with * , CONTAIN or EQUAL`);
  if (leaf.value.length > MAX_PATTERN_LENGTH) throw badRequest(`${where}: the pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
}

/** Whether the rule matches the message. `testValue` replaces every field's values (the test operations' testValue). */
export function ruleMatches(rule: MatchRule, subject: MatchSubject | { testValue: string }): boolean {
  const valuesOf = (field: MatchField): string[] => {
    if ('testValue' in subject) return [subject.testValue];
    switch (field) {
      case 'SENDER': return subject.sender;
      case 'RECIPIENTS': return subject.recipients;
      case 'SUBJECT': return subject.subject;
      case 'ATTACHMENTS':
      case 'ATTACHMENT_FILENAME': return subject.attachmentNames;
      default: return [];
    }
  };
  const leafMatches = (leaf: MatchLeaf) => valuesOf(leaf.field).some((value) => valueMatches(leaf.should, leaf.value, value));
  const groupMatches = (group: MatchGroup): boolean => {
    const results = [...(group.matches ?? []).map(leafMatches), ...(group.groups ?? []).map(groupMatches)];
    if (results.length === 0) return true;
    return group.operator === 'AND' ? results.every(Boolean) : results.some(Boolean);
  };
  const own = rule.match === null || rule.match === '' ? true : leafMatches({ field: rule.field, should: rule.should, value: rule.match });
  return own && (rule.matchOptions ? groupMatches(rule.matchOptions) : true);
}

/** One value against one pattern, case-insensitive. */
export function valueMatches(should: MatchKind, pattern: string, value: string): boolean {
  const p = pattern.toLowerCase();
  const v = value.toLowerCase();
  switch (should) {
    case 'EQUAL': return v === p;
    case 'CONTAIN': return v.includes(p);
    case 'WILDCARD': return wildcardMatches(p, v);
    default: return false;
  }
}

/**
 * `*` matches any run of characters (none too), everything else itself; the whole value must
 * match. The greedy two-pointer walk with backtracking to the last star is O(n·m) at worst,
 * where a regular expression of many stars backtracks exponentially.
 */
export function wildcardMatches(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === value[v]) {
      p++;
      v++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = v;
    } else if (star >= 0) {
      p = star + 1;
      v = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** The field values of a received message (parsed or stored): addresses lower-cased as stored. */
export function matchSubjectOf(message: {
  from: { emailAddress: string } | null;
  to: Array<{ emailAddress: string }>;
  cc: Array<{ emailAddress: string }>;
  bcc: Array<{ emailAddress: string }>;
  subject: string | null;
  attachmentNames: string[];
}): MatchSubject {
  return {
    sender: message.from ? [message.from.emailAddress] : [],
    recipients: [...message.to, ...message.cc, ...message.bcc].map((a) => a.emailAddress),
    subject: [message.subject ?? ''],
    attachmentNames: message.attachmentNames,
  };
}
