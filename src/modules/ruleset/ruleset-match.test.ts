import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judge, normalAddress, passes, targetMatches, type Rule } from './ruleset-match.js';

const rule = (id: string, action: Rule['action'], target: string, inboxId: string | null = null, active = true): Rule =>
  ({ id, action, target, inboxId, active });

test('targets: exact addresses and * patterns, any case, bare addresses of display forms', () => {
  assert.ok(targetMatches('bob@example.com', 'Bob@Example.COM'));
  assert.ok(!targetMatches('bob@example.com', 'bob@example.co'));
  assert.ok(targetMatches('*@example.com', 'anyone@EXAMPLE.com'));
  assert.ok(!targetMatches('*@example.com', 'anyone@example.com.evil'));
  assert.ok(!targetMatches('*@example.com', 'anyone@sub.example.org'));
  assert.ok(targetMatches('*', 'x@y.z'));
  assert.ok(targetMatches('news*@*.example', 'newsletter@mail.example'));
  // regex characters in a target are literal
  assert.ok(!targetMatches('a.b@example.com', 'axb@example.com'));
  assert.ok(targetMatches('a+b@example.com', 'A+B@example.com'));
  assert.equal(normalAddress('"Bob" <Bob@Example.com>'), 'bob@example.com');
  assert.ok(targetMatches('bob@example.com', 'Bob <bob@example.com>'));
  assert.ok(!targetMatches('*', ''), 'no address (a null sender) matches nothing');
});

test('no rule, or no matching rule: the message goes through', () => {
  assert.equal(judge([], 'i1', ['a@b.c']).action, null);
  const v = judge([rule('r1', 'BLOCK', '*@spam.example', 'i1')], 'i1', ['a@b.c']);
  assert.equal(v.action, null);
  assert.ok(passes(v));
  assert.equal(v.matches.get('r1'), false);
});

test('ALLOW beats BLOCK for the same message, whichever is older and whichever address matched', () => {
  const rules = [rule('block', 'BLOCK', '*@example.com', 'i1'), rule('allow', 'ALLOW', 'boss@example.com', 'i1')];
  assert.equal(judge(rules, 'i1', ['boss@example.com']).action, 'ALLOW');
  assert.equal(judge(rules, 'i1', ['intern@example.com']).action, 'BLOCK');
  // envelope sender blocked, From header allowed: one message, so ALLOW wins
  const v = judge(rules, 'i1', ['intern@example.com', 'boss@example.com']);
  assert.equal(v.action, 'ALLOW');
  assert.equal(v.rule?.id, 'allow');
  assert.deepEqual([...v.matches], [['block', true], ['allow', true]]);
});

test("an inbox's own rules are considered before the account's", () => {
  const account = rule('acct-block', 'BLOCK', '*', null);
  const own = rule('own-allow', 'ALLOW', 'friend@example.com', 'i1');
  assert.equal(judge([account, own], 'i1', ['friend@example.com']).rule?.id, 'own-allow');
  assert.equal(judge([account, own], 'i1', ['stranger@example.com']).rule?.id, 'acct-block', 'no own rule matches: the account decides');
  // an inbox BLOCK is not undone by an account ALLOW
  const rules = [rule('acct-allow', 'ALLOW', '*', null), rule('own-block', 'BLOCK', 'x@example.com', 'i1')];
  assert.equal(judge(rules, 'i1', ['x@example.com']).action, 'BLOCK');
  // other inboxes' rules do nothing, and with no inbox only the account's rules count
  assert.equal(judge([rule('other', 'BLOCK', '*', 'i2')], 'i1', ['x@example.com']).action, null);
  assert.equal(judge([rule('own', 'BLOCK', '*', 'i1'), account], null, ['x@example.com']).rule?.id, 'acct-block');
});

test('the most drastic matching action acts; inactive rules do nothing', () => {
  const rules = [rule('f', 'FILTER_REMOVE', '*'), rule('s', 'BOUNCE_SOFT', '*'), rule('h', 'BOUNCE_HARD', '*')];
  assert.equal(judge(rules, 'i1', ['a@b.c']).action, 'BOUNCE_HARD');
  assert.equal(judge([...rules, rule('b', 'BLOCK', '*')], 'i1', ['a@b.c']).action, 'BLOCK');
  const off = judge([rule('b', 'BLOCK', '*', 'i1', false)], 'i1', ['a@b.c']);
  assert.equal(off.action, null);
  assert.equal(off.matches.get('b'), false);
});
