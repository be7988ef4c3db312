import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FORWARD_PATH_HEADER, MAX_FORWARD_HOPS, forwardLoop, forwardPath, nextForwardPath } from './forward-loop.js';

test('the path is read from every instance of the header, in any case, and extended by each hop', () => {
  assert.deepEqual(forwardPath([['Subject', 'x']]), []);
  assert.deepEqual(forwardPath([[FORWARD_PATH_HEADER, 'a, b'], ['x-pigeonhole-forwarded-by', 'c']]), ['a', 'b', 'c']);
  assert.equal(nextForwardPath(['a', 'b'], 'c'), 'a, b, c');
  assert.equal(nextForwardPath([], 'a'), 'a');
});

test('an inbox already in the path is a loop (A -> B -> A, A -> A); a long path stops at the hop cap', () => {
  assert.equal(forwardLoop([], 'a'), null);
  assert.equal(forwardLoop(['a'], 'b'), null);
  assert.match(forwardLoop(['a', 'b'], 'a')!, /Forwarding loop stopped: .*inbox a \(path a -> b -> a\)/);
  assert.match(forwardLoop(['a'], 'a')!, /loop stopped/);
  const long = Array.from({ length: MAX_FORWARD_HOPS }, (_, i) => `inbox${i}`);
  assert.match(forwardLoop(long, 'new')!, new RegExp(`already forwarded ${MAX_FORWARD_HOPS} times`));
  assert.equal(forwardLoop(long.slice(1), 'new'), null);
});
