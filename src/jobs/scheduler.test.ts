import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SchedulerLocks } from '../storage/ports.js';
import { LOCK_RETRY_MS, PeriodicJob, type JobLog } from './scheduler.js';
import { expiryJob } from './expiry.js';
import { EventBus } from '../events/bus.js';
import { systemClock } from '../core/clock.js';
import type { ExpiredInboxRepository } from '../storage/ports.js';

const HOUR = 3_600_000;
const quiet: JobLog = { info: () => {}, error: () => {} };
const free: SchedulerLocks = { runExclusive: (_name, fn) => fn() };

// The jobs' timers are unref'd (they never keep a server alive): this keeps the tests' loop running.
let keepAlive: NodeJS.Timeout;
before(() => {
  keepAlive = setInterval(() => {}, 1000);
});
after(() => clearInterval(keepAlive));

/** A promise with its resolve function, to wait on an event rather than a sleep. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test('with nextDue, a pass runs at the due time, long before the interval', async () => {
  const dueAt = new Date(Date.now() + 100);
  const passes: number[] = [];
  const second = signal();
  const job = new PeriodicJob({
    name: 'due', intervalMs: HOUR, locks: free, log: quiet,
    pass: async () => {
      passes.push(Date.now());
      if (passes.length === 2) second.resolve();
      return 0;
    },
    nextDue: async () => (passes.length < 2 ? dueAt : undefined),
  });
  job.start();
  await second.promise;
  await job.stop();
  assert.ok(passes[1]! >= dueAt.getTime(), 'not before the due time');
  assert.ok(passes[1]! - dueAt.getTime() < 1000, `on time (${passes[1]! - dueAt.getTime()} ms late)`);
});

test('wakeAt moves the due timer earlier; a later time leaves it', async () => {
  const passes: number[] = [];
  const second = signal();
  const job = new PeriodicJob({
    name: 'wake', intervalMs: HOUR, locks: free, log: quiet,
    pass: async () => {
      passes.push(Date.now());
      if (passes.length === 2) second.resolve();
      return 0;
    },
    nextDue: async () => (passes.length < 2 ? new Date(Date.now() + HOUR / 2) : undefined),
  });
  job.start();
  await job.settled();
  const soon = new Date(Date.now() + 50);
  job.wakeAt(soon);
  job.wakeAt(new Date(Date.now() + HOUR / 4)); // later than the one set: no change
  await second.promise;
  await job.stop();
  // timers run on the monotonic clock and Date.now() is rounded to the millisecond: a timer may
  // seem to fire a millisecond early by the wall clock
  assert.ok(passes[1]! >= soon.getTime() - 2, `the second pass ran ${soon.getTime() - passes[1]!} ms before it was due`);
});

test('a node that finds the lock taken tries again LOCK_RETRY_MS later, until it runs the pass', async () => {
  let held = 2; // another node holds the lock for the first two tries of the due pass
  const tries: number[] = [];
  let ran = 0;
  const done = signal();
  const locks: SchedulerLocks = {
    async runExclusive(_name, fn) {
      tries.push(Date.now());
      if (tries.length > 1 && held-- > 0) return undefined;
      return fn();
    },
  };
  const due = new Date(Date.now() + 20);
  const job = new PeriodicJob({
    name: 'locked', intervalMs: HOUR, locks, log: quiet,
    pass: async () => {
      if (++ran === 2) done.resolve();
      return 1;
    },
    // due until the pass after the start one has run
    nextDue: async () => (ran < 2 ? due : undefined),
  });
  job.start();
  await done.promise;
  await job.stop();
  assert.equal(tries.length, 4, 'the start pass, two skipped tries, the pass');
  for (const n of [2, 3]) assert.ok(tries[n]! - tries[n - 1]! >= LOCK_RETRY_MS - 5, `try ${n} waited (${tries[n]! - tries[n - 1]!} ms)`);
});

test('the expiry job re-arms on inbox.changed, and looks past inboxes a pass failed on', async () => {
  const asked: Array<Date | undefined> = [];
  const failing = new Date(Date.now() - 1000);
  let nextAsk = signal<Date | undefined>();
  const repo = {
    findDue: async (now: Date) => (asked.length === 0 ? [{ id: 'i1', tenantId: 't', expiresAt: failing }].filter(() => now >= failing) : []),
    expire: async () => {
      throw new Error('disk full');
    },
    async nextDue(after?: Date) {
      asked.push(after);
      nextAsk.resolve(after);
      return undefined;
    },
  } as unknown as ExpiredInboxRepository;
  const bus = new EventBus();
  const job = expiryJob({ repo, locks: free, clock: systemClock, log: quiet, intervalMs: HOUR, bus });
  const before = Date.now();
  job.start();
  const after = await nextAsk.promise;
  assert.ok(after && after.getTime() >= before, 'after a pass with a failure, only expiries past that pass are looked for');

  nextAsk = signal();
  bus.publish('inbox.changed', { tenantId: 't', inboxId: 'i2', change: 'deleted', expiresAt: null, createdAt: new Date() });
  await nextAsk.promise; // a deletion re-reads the earliest expiry
  await job.stop();
});
