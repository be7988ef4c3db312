import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { RegexRunner, RegexTimeoutError } from './regex-runner.js';

const runner = new RegexRunner({ timeoutMs: 300 });
after(() => runner.close());

test('exec returns the first match with its groups, or every match', async () => {
  assert.deepEqual(await runner.exec(/code is: (\d+)(x)?/, ['my code is: 123', 'none'], { all: false }), [
    [{ index: 3, groups: ['code is: 123', '123', null] }],
    [],
  ]);
  assert.deepEqual(await runner.exec(/\d/, ['a1b2c3'], { all: true, limit: 2 }), [
    [{ index: 1, groups: ['1'] }, { index: 3, groups: ['2'] }],
  ]);
  assert.deepEqual(await runner.exec(/x*/, ['ab'], { all: true }), [
    [{ index: 0, groups: [''] }, { index: 1, groups: [''] }, { index: 2, groups: [''] }],
  ], 'empty matches advance');
});

test('a catastrophic pattern is stopped at the time limit and the runner keeps working', async () => {
  const started = Date.now();
  await assert.rejects(runner.exec(/(a+)+$/, ['a'.repeat(40) + 'b'], { all: false }), (err: unknown) => {
    assert.ok(err instanceof RegexTimeoutError);
    assert.equal(err.timeoutMs, 300);
    return true;
  });
  assert.ok(Date.now() - started < 2000, 'stopped near the limit');
  // The main thread was never blocked, and the next job gets a fresh worker.
  assert.deepEqual(await runner.exec(/b/, ['ab'], { all: false }), [[{ index: 1, groups: ['b'] }]]);
});

test('jobs queued behind a slow one still run, in order', async () => {
  const slow = runner.exec(/(a+)+$/, ['a'.repeat(40) + 'b'], { all: false });
  const fast = runner.exec(/a/, ['a'], { all: false });
  await assert.rejects(slow, RegexTimeoutError);
  assert.deepEqual(await fast, [[{ index: 0, groups: ['a'] }]]);
});
