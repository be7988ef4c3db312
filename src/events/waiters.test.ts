import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventBus } from './bus.js';
import { waitForEvent } from './wait.js';
import { waitersOf } from './waiters.js';
import type { EmailRecord } from '../storage/ports.js';

const TENANT = 'tenant-1';
const received = (inboxId: string, tenantId = TENANT) => ({ tenantId, inboxId, emailId: `e-${inboxId}`, createdAt: new Date() });

/** Lets the waiters' loops run: resolved promises and the I/O phase (no timer is involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

test('an event for inbox X runs only the checks of waiters on X, none of those on other inboxes', async () => {
  const bus = new EventBus();
  const checksOnY = new Array<number>(1000).fill(0);
  const stop = new AbortController();
  const waitersOnY = checksOnY.map((_, i) =>
    waitForEvent(bus, 'email.received', { tenantId: TENANT, inboxIds: [`y-${i}`] }, 60_000, async () => {
      checksOnY[i]!++;
      return undefined;
    }, { signal: stop.signal }));

  let arrivedOnX = false;
  let checksOnX = 0;
  const onX = waitForEvent(bus, 'email.received', { tenantId: TENANT, inboxIds: ['x'] }, 60_000, async () => {
    checksOnX++;
    return arrivedOnX ? 'mail on x' : undefined;
  });
  await settle();
  assert.equal(waitersOf(bus).count('email.received'), 1001);
  assert.equal(bus.listenerCount('email.received'), 1, 'all waiters share one bus subscription');

  arrivedOnX = true;
  for (let i = 0; i < 5; i++) bus.publish('email.received', received('x'));
  assert.equal(await onX, 'mail on x');
  await settle();
  assert.equal(checksOnX, 2, 'the X waiter checked at its start and once after the event');
  assert.ok(checksOnY.every((n) => n === 1), 'each Y waiter checked only once, at its start');

  bus.publish('email.received', received('y-7'));
  await settle();
  assert.equal(checksOnY[7], 2, 'an event for y-7 re-checks its waiter');
  assert.equal(checksOnY.reduce((a, b) => a + b, 0), 1001, '...and no other');

  stop.abort();
  assert.deepEqual(new Set(await Promise.all(waitersOnY)), new Set([undefined]));
  assert.equal(waitersOf(bus).count('email.received'), 0);
  assert.equal(bus.listenerCount('email.received'), 0, 'the last waiter leaving drops the bus subscription');
});

test('a tenant-wide waiter wakes for every inbox of its tenant and never for another tenant', async () => {
  const bus = new EventBus();
  let checks = 0;
  let ready = false;
  const wait = waitForEvent(bus, 'email.received', { tenantId: TENANT }, 60_000, async () => {
    checks++;
    return ready ? 'woken' : undefined;
  });
  await settle();
  bus.publish('email.received', received('any', 'tenant-2'));
  await settle();
  assert.equal(checks, 1, "another tenant's mail does not run the check");
  ready = true;
  bus.publish('email.received', received('any-inbox'));
  assert.equal(await wait, 'woken');
});

test('aborting a wait ends it at once and unregisters it', async () => {
  const bus = new EventBus();
  const controller = new AbortController();
  const before = bus.listenerCount('email.received');
  const started = Date.now();
  const wait = waitForEvent(bus, 'email.received', { tenantId: TENANT, inboxIds: ['x'] }, 60_000, async () => undefined, { signal: controller.signal });
  await settle();
  assert.equal(bus.listenerCount('email.received'), before + 1);
  controller.abort();
  assert.equal(await wait, undefined);
  assert.ok(Date.now() - started < 5_000, 'it did not run to its timeout');
  assert.equal(bus.listenerCount('email.received'), before);
  assert.equal(waitersOf(bus).count('email.received'), 0);
});

test("the bus's maxWaitMs cuts longer timeouts", async () => {
  const bus = new EventBus({ maxWaitMs: 20 });
  const started = Date.now();
  assert.equal(await waitForEvent(bus, 'email.received', { tenantId: TENANT }, 60_000, async () => undefined), undefined);
  assert.ok(Date.now() - started < 5_000);
  assert.equal(waitersOf(bus).count('email.received'), 0);
});

test('predicate waiters still work, and a throwing predicate does not stop other waiters', async () => {
  const bus = new EventBus();
  let ready = false;
  const broken = waitForEvent(bus, 'email.received', () => {
    throw new Error('broken predicate');
  }, 50, async () => undefined);
  const byPredicate = waitForEvent(bus, 'email.received', (e) => e.inboxId === 'p', 60_000, async () => (ready ? 'ok' : undefined));
  await settle();
  ready = true;
  bus.publish('email.received', received('p'));
  assert.equal(await byPredicate, 'ok');
  assert.equal(await broken, undefined);
});

test('a check is handed what the events since its last run carried in memory, and nothing once a peer event came without', async () => {
  const bus = new EventBus();
  const seen: string[][] = [];
  let rounds = 0;
  const email = (id: string) => ({ email: { id } as EmailRecord });
  const wait = waitForEvent(bus, 'email.received', { tenantId: TENANT, inboxIds: ['x'] }, 60_000, async (arrived) => {
    seen.push(arrived.map((a) => a.email.id));
    return ++rounds === 4 ? 'done' : undefined;
  });
  await settle();
  bus.publish('email.received', received('x'), email('a'));
  bus.publish('email.received', received('x'), email('b'));
  await settle();
  bus.publishFromPeer('email.received', received('x'));
  bus.publish('email.received', received('x'), email('c'));
  await settle();
  bus.publish('email.received', received('x'), email('d'));
  assert.equal(await wait, 'done');
  assert.deepEqual(seen, [[], ['a', 'b'], [], ['d']], 'first look: nothing; then a and b; a peer event in the batch: nothing; then d');
});

test('what an event carries in memory reaches subscribers on this node only, never the nodes it is forwarded to', () => {
  const bus = new EventBus();
  const local: unknown[] = [];
  const forwarded: unknown[][] = [];
  bus.subscribe('email.received', (_payload, extra) => local.push(extra?.email.id));
  bus.onLocalPublish((...args) => forwarded.push(args));
  bus.publish('email.received', received('x'), { email: { id: 'e-1' } as EmailRecord });
  assert.deepEqual(local, ['e-1']);
  assert.equal(forwarded.length, 1);
  assert.equal(forwarded[0]!.length, 2, 'the name and the payload go to other nodes, nothing more');
  assert.deepEqual(Object.keys(forwarded[0]![1] as object), ['tenantId', 'inboxId', 'emailId', 'createdAt']);
});
