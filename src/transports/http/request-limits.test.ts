import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonDepthExceeds, oversizedList } from './request-limits.js';

test('JSON depth is counted on the text: brackets inside strings and escaped quotes do not count', () => {
  assert.equal(jsonDepthExceeds('{"a":{"b":[1]}}', 3), false);
  assert.equal(jsonDepthExceeds('{"a":{"b":[[1]]}}', 3), true);
  assert.equal(jsonDepthExceeds('{"a":"[[[[{{{{","b":"\\"[[[["}', 1), false);
  assert.equal(jsonDepthExceeds('[1,2,3] [[1]]', 1), true, 'a second value is still scanned');
  assert.equal(jsonDepthExceeds('['.repeat(1_000_000), 32), true, 'a million-deep prefix stops at the limit');
});

test('the first list or object over the limit is named by its path', () => {
  assert.equal(oversizedList({ a: [1, 2], b: { c: 'x' } }, 2), undefined);
  assert.deepEqual(oversizedList({ a: { inboxIds: [1, 2, 3] } }, 2), { path: 'a.inboxIds', size: 3, kind: 'items' });
  assert.deepEqual(oversizedList({ h: { x: 1, y: 2, z: 3 } }, 2), { path: 'h', size: 3, kind: 'fields' });
  assert.deepEqual(oversizedList([[1], [1, 2, 3]], 2), { path: '1', size: 3, kind: 'items' });
  assert.equal(oversizedList('text', 0), undefined);
});
