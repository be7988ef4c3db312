import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkMatchRule, ruleMatches, valueMatches, wildcardMatches, type MatchRule, type MatchSubject } from './matching.js';
import { AppError } from '../../core/errors.js';

const message: MatchSubject = {
  sender: ['boss@corp.example'],
  recipients: ['me@inbox.test', 'team@inbox.test'],
  subject: ['Invoice 42 overdue'],
  attachmentNames: ['scan.PDF', 'notes.txt'],
};
const rule = (r: Partial<MatchRule>): MatchRule => ({ field: 'SENDER', should: 'WILDCARD', match: null, matchOptions: null, ...r });

test('wildcards: * is any run (none too), the rest literal, the whole value, without runaway backtracking', () => {
  assert.equal(wildcardMatches('*', ''), true);
  assert.equal(wildcardMatches('*@corp.example', 'boss@corp.example'), true);
  assert.equal(wildcardMatches('b*s@*', 'boss@corp.example'), true);
  assert.equal(wildcardMatches('boss', 'boss@corp.example'), false, 'the whole value must match');
  assert.equal(wildcardMatches('a.c', 'abc'), false, 'a dot is a dot');
  assert.equal(wildcardMatches('(a+)+', '(a+)+'), true, 'regex characters are literal');
  assert.equal(wildcardMatches('**a**b', 'xxaxxb'), true);
  const started = performance.now();
  assert.equal(wildcardMatches(`${'*a'.repeat(30)}b`, 'a'.repeat(5000)), false);
  assert.ok(performance.now() - started < 500, 'many stars against a long value stay fast');
});

test('WILDCARD, CONTAIN and EQUAL are case-insensitive; MATCH never matches (refused when saved)', () => {
  assert.equal(valueMatches('WILDCARD', '*INVOICE*', 'my invoice'), true);
  assert.equal(valueMatches('CONTAIN', 'Voice', 'my invoice'), true);
  assert.equal(valueMatches('EQUAL', 'MY INVOICE', 'my invoice'), true);
  assert.equal(valueMatches('EQUAL', 'invoice', 'my invoice'), false);
  assert.equal(valueMatches('MATCH', '.*', 'x'), false);
});

test('each field reads its values; any value of a field may match', () => {
  assert.equal(ruleMatches(rule({ field: 'SENDER', match: '*@corp.example' }), message), true);
  assert.equal(ruleMatches(rule({ field: 'RECIPIENTS', match: 'team@*' }), message), true);
  assert.equal(ruleMatches(rule({ field: 'SUBJECT', match: 'invoice * overdue' }), message), true);
  assert.equal(ruleMatches(rule({ field: 'ATTACHMENTS', match: '*.pdf' }), message), true);
  assert.equal(ruleMatches(rule({ field: 'ATTACHMENT_FILENAME', match: '*.zip' }), message), false);
  assert.equal(ruleMatches(rule({ field: 'SUBJECT', match: 'boss*' }), message), false);
  assert.equal(ruleMatches(rule({ field: 'SUBJECT', match: 'anything' }), { testValue: 'ANYTHING' }), true, 'a test value stands for every field');
});

test('matchOptions: AND and OR over rules and nested groups, and together with the own match', () => {
  const options = {
    operator: 'AND' as const,
    matches: [{ field: 'SENDER' as const, should: 'CONTAIN' as const, value: 'boss' }],
    groups: [{ operator: 'OR' as const, matches: [
      { field: 'SUBJECT' as const, should: 'CONTAIN' as const, value: 'refund' },
      { field: 'ATTACHMENTS' as const, should: 'EQUAL' as const, value: 'notes.txt' },
    ] }],
  };
  assert.equal(ruleMatches(rule({ matchOptions: options }), message), true);
  assert.equal(ruleMatches(rule({ matchOptions: { ...options, operator: 'AND', matches: [{ field: 'SENDER', should: 'EQUAL', value: 'other@x' }] } }), message), false);
  assert.equal(ruleMatches(rule({ match: 'nobody*', matchOptions: options }), message), false, 'the own match must hold too');
});

test('saving refuses what the pipeline cannot apply, naming it', () => {
  const refused = (r: MatchRule) => {
    try {
      checkMatchRule(r);
    } catch (error) {
      assert.ok(error instanceof AppError && error.code === 'BAD_REQUEST');
      return error.message;
    }
    return assert.fail('accepted');
  };
  assert.match(refused(rule({})), /Give match/);
  assert.match(refused(rule({ should: 'MATCH', match: '.*' })), /MATCH .* not offered/);
  assert.match(refused(rule({ field: 'ATTACHMENT_TEXT', match: 'x' })), /ATTACHMENT_TEXT is not offered/);
  let deep: Record<string, unknown> = { operator: 'AND', matches: [{ field: 'SENDER', should: 'WILDCARD', value: '*' }] };
  for (let i = 0; i < 6; i++) deep = { operator: 'OR', groups: [deep] };
  assert.match(refused(rule({ matchOptions: deep as never })), /deeper than 5/);
  assert.match(refused(rule({ matchOptions: { operator: 'OR', matches: Array.from({ length: 51 }, () => ({ field: 'SENDER', should: 'EQUAL', value: 'x' })) } })), /more than 50 rules/);
  checkMatchRule(rule({ match: '*' }));
});
