import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badRequest, notFound, unavailable } from '../core/errors.js';
import type { LogSink } from '../core/logger.js';
import type { ClaimedSend, SendAttemptOutcome, SendQueueRepository } from '../storage/ports.js';
import { outcomeOf, sendQueueWorker, type SendQueueSettings } from './send-queue.js';

const settings: SendQueueSettings = { retryBaseMs: 100, maxBackoffMs: 400, retryWindowMs: 1000, concurrency: 1, leaseMs: 1000 };
const job = (attempts: number) => ({ attempts, createdAt: new Date(0) } as ClaimedSend);

test('a recorded send is done, whatever its recipients\' delivery statuses', () => {
  assert.deepEqual(outcomeOf(job(0), { sentEmailId: 's1' }, 5, settings), { state: 'sent', sentEmailId: 's1' });
});

test('a refusal of the request (400, 404) ends the job with its message', () => {
  assert.deepEqual(outcomeOf(job(0), { error: badRequest('to has invalid addresses: x') }, 5, settings),
    { state: 'failed', errorName: 'BadRequestException', errorMessage: 'to has invalid addresses: x' });
  assert.deepEqual(outcomeOf(job(2), { error: notFound('No inbox i') }, 5, settings),
    { state: 'failed', errorName: 'NotFoundException', errorMessage: 'No inbox i' });
});

test('other errors are retried with capped exponential backoff, then fail once the retry window closes', () => {
  const down = new Error('connect ECONNREFUSED');
  assert.deepEqual(outcomeOf(job(0), { error: down }, 10, settings),
    { state: 'pending', nextAttemptAt: 110, errorName: 'Error', errorMessage: 'Attempt 1 failed, retrying: connect ECONNREFUSED' });
  assert.equal((outcomeOf(job(1), { error: unavailable('database down') }, 10, settings) as { nextAttemptAt: number }).nextAttemptAt, 210);
  assert.equal((outcomeOf(job(5), { error: down }, 10, settings) as { nextAttemptAt: number }).nextAttemptAt, 410, 'capped');
  assert.deepEqual(outcomeOf(job(6), { error: down }, 700, settings),
    { state: 'failed', errorName: 'Error', errorMessage: 'Gave up after 7 attempts: connect ECONNREFUSED' });
});

test('faults of the input itself fail the job at once: retrying would meet them again', () => {
  const permanent = [
    new RangeError('Maximum call stack size exceeded'),
    Object.assign(new Error('index row size 3000 exceeds btree version 4 maximum 2704'), { code: '54000' }),
    Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    Object.assign(new Error('too many SQL variables'), { code: 'SQLITE_ERROR' }),
    Object.assign(new Error('string or blob too big'), { code: 'SQLITE_TOOBIG' }),
  ];
  for (const error of permanent) {
    const outcome = outcomeOf(job(0), { error }, 10, settings);
    assert.equal(outcome.state, 'failed', error.message);
    assert.match((outcome as { errorMessage: string }).errorMessage, /^Cannot be sent: /);
  }
  const transient = [
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    Object.assign(new Error('no such table'), { code: 'SQLITE_ERROR' }),
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  ];
  for (const error of transient) assert.equal(outcomeOf(job(0), { error }, 10, settings).state, 'pending', error.message);
});

/** The repository contract in memory: enough to drive the worker's claim/complete loop. */
type MemoryJob = ClaimedSend & { state: string; nextAttemptAt: number; outcome?: SendAttemptOutcome };
function memoryRepo(jobs: MemoryJob[]): SendQueueRepository {
  return {
    enqueue: async () => undefined,
    page: async () => ({ items: [], total: 0 }),
    async claimDue(now, limit) {
      const due = jobs.filter((j) => j.state === 'pending' && j.nextAttemptAt <= now).slice(0, limit);
      for (const j of due) j.state = 'inflight';
      return due.map((j) => ({ ...j }));
    },
    async complete(claim, outcome) {
      const job = jobs.find((j) => j.id === claim.id)!;
      Object.assign(job, { state: outcome.state, attempts: claim.attempts + 1, outcome });
      if (outcome.state === 'pending') job.nextAttemptAt = outcome.nextAttemptAt;
      return true;
    },
    nextDueAt: async () => {
      const times = jobs.filter((j) => j.state === 'pending').map((j) => j.nextAttemptAt);
      return times.length ? Math.min(...times) : undefined;
    },
    releaseLeases: async () => undefined,
  };
}

test('the worker retries a transient failure after its backoff and records the send that then succeeds', async () => {
  // The worker's timers are unref'd (they never hold a process open): this one keeps the test alive.
  const keepAlive = setInterval(() => undefined, 1000);
  const jobs: MemoryJob[] = [{ id: 'j1', tenantId: 't', inboxId: 'i', options: {}, attempts: 0, createdAt: new Date(), leaseToken: 'x', state: 'pending', nextAttemptAt: 0 }];
  let calls = 0;
  const sent = new Promise<void>((resolve) => {
    const worker = sendQueueWorker({
      repo: memoryRepo(jobs),
      singleProcess: true,
      log: { warn: () => undefined } as unknown as LogSink,
      settings: { retryBaseMs: 20 },
      async send() {
        calls += 1;
        if (calls === 1) throw new Error('relay connection reset');
        setImmediate(() => void worker.settled().then(() => worker.stop()).then(resolve));
        return 'sent-1';
      },
    });
    void worker.start();
  });
  await sent;
  clearInterval(keepAlive);
  assert.equal(calls, 2);
  assert.equal(jobs[0]!.state, 'sent');
  assert.deepEqual(jobs[0]!.outcome, { state: 'sent', sentEmailId: 'sent-1' });
  assert.equal(jobs[0]!.attempts, 2);
});
