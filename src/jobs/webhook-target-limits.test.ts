import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targetLimits } from './webhook-delivery.js';

const due = (n: number, webhookId: string, url: string) =>
  Array.from({ length: n }, (_, i) => ({ id: `${webhookId}-${i}`, webhookId, url }));

/** Whether `place` has resolved by now (after the microtasks already queued). */
async function begun(place: Promise<void>): Promise<boolean> {
  let yes = false;
  void place.then(() => (yes = true));
  await new Promise((resolve) => setImmediate(resolve));
  return yes;
}

test('claiming ahead: a claim takes a target\'s places and as many more, which wait for a place in claim order', async () => {
  const limits = targetLimits(2, Infinity, 2);
  const filter = limits.filter();
  const chosen = filter.choose(due(6, 'w1', 'https://a.example/hook'), 10);
  assert.equal(chosen.length, 4, 'two places and two claimed ahead');
  assert.equal(filter.passedOver(), true);

  const held = chosen.map(() => limits.start('w1', 'https://a.example/hook'));
  assert.deepEqual(await Promise.all(held.map((h) => begun(h.place))), [true, true, false, false]);
  assert.deepEqual(limits.saturatedWebhooks(), ['w1'], 'a target holding all it may is left out of claims');
  assert.equal(limits.filter().choose(due(2, 'w1', 'https://a.example/other'), 10).length, 0, 'same origin, same target');

  let freed = 0;
  limits.onFreed(() => freed++);
  held[0]!.done();
  assert.deepEqual(await Promise.all(held.map((h) => begun(h.place))), [true, true, true, false], 'the oldest waiting job takes the place');
  assert.equal(freed, 0);
  held[1]!.done();
  assert.equal(await begun(held[3]!.place), true);
  assert.equal(freed, 1, 'down to its places: topped up in one claim');
  assert.deepEqual(limits.saturatedWebhooks(), []);
  assert.equal(limits.filter().choose(due(6, 'w1', 'https://a.example/hook'), 10).length, 2);
});

test('requests in all stay within the node\'s total, whatever the targets', async () => {
  const limits = targetLimits(4, 3, 4);
  const held = [
    limits.start('wa', 'https://a.example/'), limits.start('wa', 'https://a.example/'),
    limits.start('wb', 'https://b.example/'), limits.start('wb', 'https://b.example/'),
  ];
  assert.deepEqual(await Promise.all(held.map((h) => begun(h.place))), [true, true, true, false]);
  held[0]!.done();
  assert.equal(await begun(held[3]!.place), true);
});

test('a job given up before its request began frees nothing it did not take', async () => {
  const limits = targetLimits(1, Infinity, 1);
  const first = limits.start('w1', 'https://a.example/');
  const second = limits.start('w1', 'https://a.example/');
  const third = limits.start('w1', 'https://a.example/');
  assert.equal(await begun(second.place), false);
  second.done();
  assert.equal(await begun(third.place), false, 'the place is still the first job\'s');
  first.done();
  assert.equal(await begun(third.place), true);
});

test('without claiming ahead (SQLite) a claim takes only the free places, and a full target is topped up at half', async () => {
  const limits = targetLimits(4, Infinity, 0);
  const chosen = limits.filter().choose(due(10, 'w1', 'https://a.example/'), 10);
  assert.equal(chosen.length, 4);
  const held = chosen.map(() => limits.start('w1', 'https://a.example/'));
  assert.deepEqual(await Promise.all(held.map((h) => begun(h.place))), [true, true, true, true]);
  let freed = 0;
  limits.onFreed(() => freed++);
  held[0]!.done();
  assert.equal(freed, 0);
  held[1]!.done();
  assert.equal(freed, 1);
  assert.equal(limits.filter().choose(due(10, 'w1', 'https://a.example/'), 10).length, 2);
});
