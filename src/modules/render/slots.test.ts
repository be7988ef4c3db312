import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Slots } from './slots.js';

test('at most `size` holders; the next in line gets the slot a holder releases', async () => {
  const slots = new Slots(1, 2);
  const first = await slots.acquire(1000);
  const order: string[] = [];
  const second = slots.acquire(1000).then((release) => { order.push('second'); return release; });
  const third = slots.acquire(1000).then((release) => { order.push('third'); return release; });
  await assert.rejects(slots.acquire(1000), /waiting/);
  first();
  (await second)();
  (await third)();
  assert.deepEqual(order, ['second', 'third']);
});

test('a waiter gives up at its time limit or when its request is cancelled', async () => {
  const slots = new Slots(1, 4);
  const held = await slots.acquire(1000);
  await assert.rejects(slots.acquire(10), { name: 'TimeoutError' });
  const controller = new AbortController();
  const cancelled = slots.acquire(10_000, controller.signal);
  controller.abort();
  await assert.rejects(cancelled, /cancelled/);
  held();
  // The slot is free again: neither leaver kept a place in line.
  (await slots.acquire(10))();
});
