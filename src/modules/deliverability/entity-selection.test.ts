import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globMatcher } from './entity-selection.js';

test('a glob matches the whole text, case-insensitively: * any run, ? one character', () => {
  const cases: Array<[string, string, boolean]> = [
    ['line-*', 'line-1', true], ['line-*', 'line-', true], ['line-*', 'xline-1', false], ['bo?', 'bob', true], ['bo?', 'bobby', false],
    ['*@example.com', 'Alice@Example.COM', true], ['a*b*c', 'aXXbYYc', true], ['a*b*c', 'aXXbYY', false], ['*', '', true], ['', '', true],
    ['', 'x', false], ['a.c', 'abc', false], ['(x)+', '(x)+', true], ['**a**', 'bab', true], ['?', '', false],
  ];
  for (const [glob, text, expected] of cases) assert.equal(globMatcher(glob)(text), expected, `${glob} against ${text}`);
});

test('a pattern of many stars against a long address answers at once (no backtracking blow-up)', () => {
  const glob = `${'*a'.repeat(120)}*!`;
  const text = `${'a'.repeat(240)}@example.com`;
  const started = performance.now();
  assert.equal(globMatcher(glob)(text), false);
  assert.ok(performance.now() - started < 1000, 'bounded by the product of the lengths');
});
