/**
 * Automation jobs (storage/ports/automation-jobs.ts, jobs/automation-jobs.ts): jobs a
 * received copy sets off commit with it (and not for a retry that is not stored), leases,
 * cancelling, and the worker running each kind through its handler with retries, on both
 * databases.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachDialect } from '../helpers/server.js';
import { incomingCopy, tenantWithInboxes as withInboxes } from '../helpers/storage-fixtures.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';
import type { IncomingEmail, InboxRecord, NewAutomationJob, Repositories } from '../../src/storage/ports.js';
import { automationJobWorker, automationOutcome, DEFAULT_AUTOMATION_JOB_SETTINGS, type AutomationJobHandlers } from '../../src/jobs/automation-jobs.js';
import { AppError } from '../../src/core/errors.js';
import type { LogSink } from '../../src/core/logger.js';

const silentLog: LogSink = { warn: () => undefined, error: () => undefined };

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describeEachDialect('automation jobs', (dialect) => {
  let db: TestDatabase;
  let repos: Repositories;
  before(async () => {
    db = await freshDatabase(dialect);
    repos = db.store.repos;
  });
  after(() => db.cleanup());

  const copy = (inbox: InboxRecord, raw: string, s: number): IncomingEmail => ({ ...incomingCopy(inbox, raw, at(s), '<auto@x>'), dedupeSince: at(s - 60) });
  const job = (tenantId: string, over: Partial<NewAutomationJob> = {}): NewAutomationJob => ({
    id: randomUUID(), tenantId, kind: 'forward', subjectId: randomUUID(), inboxId: null, emailId: null, payload: { n: 1 },
    nextAttemptAt: new Date(), createdAt: new Date(), ...over,
  });

  test('jobs a copy sets off are stored with it, and not for a retry that is not stored', async () => {
    const { tenantId, inboxes: [a] } = await withInboxes(repos, 1, at(0));
    const raw = `Message-ID: <auto@x>\r\n\r\n${randomUUID()}`;
    const first = copy(a!, raw, 100);
    first.followUps = [job(tenantId, { inboxId: a!.id, emailId: first.email.id })];
    await repos.emails.storeIncoming([first]);
    const retry = copy(a!, raw, 110);
    retry.followUps = [job(tenantId, { inboxId: a!.id, emailId: retry.email.id })];
    await repos.emails.storeIncoming([retry]);
    assert.equal(retry.duplicateOf, first.email.id);
    const { items } = await repos.automationJobs.page(tenantId, { inboxId: a!.id }, { page: 0, size: 20, sort: 'ASC' });
    assert.deepEqual(items.map((j) => [j.emailId, j.state, j.payload]), [[first.email.id, 'pending', { n: 1 }]]);
  });

  test('claim, complete, cancel and the due time', async () => {
    const { tenantId } = await withInboxes(repos, 0, at(0));
    const now = Date.now();
    const due = job(tenantId, { nextAttemptAt: new Date(now - 1000) });
    const later = job(tenantId, { kind: 'scheduled-send', nextAttemptAt: new Date(now + 3_600_000) });
    await repos.automationJobs.enqueue([due, later]);
    const claimed = (await repos.automationJobs.claimDue(now, 100, 60_000)).filter((j) => j.tenantId === tenantId);
    assert.deepEqual(claimed.map((j) => j.id), [due.id]);
    // leased: not claimed again until the lease runs out
    assert.equal((await repos.automationJobs.claimDue(now + 1000, 100, 60_000)).filter((j) => j.tenantId === tenantId).length, 0);
    assert.equal(await repos.automationJobs.complete(claimed[0]!, { state: 'done', result: { sentEmailId: 'x' } }, now), true);
    const done = await repos.automationJobs.findById(tenantId, due.id);
    assert.equal(done?.state, 'done');
    assert.deepEqual(done?.result, { sentEmailId: 'x' });
    assert.equal(done?.attempts, 1);
    // a pending job can be cancelled once; a finished one cannot
    assert.equal(await repos.automationJobs.cancel(tenantId, later.id, new Date()), true);
    assert.equal(await repos.automationJobs.cancel(tenantId, later.id, new Date()), false);
    assert.equal(await repos.automationJobs.cancel(tenantId, due.id, new Date()), false);
    assert.equal(await repos.automationJobs.cancel(randomUUID(), later.id, new Date()), false);
    assert.equal((await repos.automationJobs.findById(tenantId, later.id))?.state, 'cancelled');
    // another tenant does not see the job
    assert.equal(await repos.automationJobs.findById(randomUUID(), due.id), undefined);
  });

  test('a lapsed lease is claimed again (the worker that held it died)', async () => {
    const { tenantId } = await withInboxes(repos, 0, at(0));
    const now = Date.now();
    const j = job(tenantId, { nextAttemptAt: new Date(now - 1) });
    await repos.automationJobs.enqueue([j]);
    const first = (await repos.automationJobs.claimDue(now, 100, 1000)).find((c) => c.id === j.id)!;
    const second = (await repos.automationJobs.claimDue(now + 2000, 100, 1000)).find((c) => c.id === j.id)!;
    assert.ok(second);
    // the first holder's outcome no longer counts
    assert.equal(await repos.automationJobs.complete(first, { state: 'done', result: null }, now + 2500), false);
    assert.equal(await repos.automationJobs.complete(second, { state: 'done', result: null }, now + 2500), true);
  });

  test('the worker runs each kind through its handler, retries faults and fails refusals for good', async () => {
    const { tenantId } = await withInboxes(repos, 0, at(0));
    const ran: string[] = [];
    const failed: Array<[string, string]> = [];
    let flaky = 0;
    let thirdAttempt!: () => void;
    const retriedTwice = new Promise<void>((resolve) => { thirdAttempt = resolve; });
    const handlers: AutomationJobHandlers = {
      forward: { run: async (j) => { if (j.tenantId === tenantId) ran.push(j.id); return { ok: true }; } },
      reply: {
        run: async () => {
          flaky += 1;
          if (flaky < 3) throw new Error('relay unreachable');
          thirdAttempt();
          return { after: flaky };
        },
      },
      'alias-proxy': {
        run: async () => { throw new AppError('BAD_REQUEST', 'alias is not verified'); },
        failed: async (j, message) => { failed.push([j.id, message]); },
      },
    };
    const worker = automationJobWorker({
      repo: repos.automationJobs, handlers, log: silentLog, singleProcess: dialect === 'sqlite',
      settings: { retryBaseMs: 10, maxBackoffMs: 20 },
    });
    const a = job(tenantId, { kind: 'forward' });
    const b = job(tenantId, { kind: 'reply' });
    const c = job(tenantId, { kind: 'alias-proxy' });
    const d = job(tenantId, { kind: 'rule-bounce' }); // no handler registered
    await repos.automationJobs.enqueue([a, b, c, d]);
    await worker.start();
    // the worker's retry timers are unref'd (they never hold a server open): keep this test's process up while it waits
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      await retriedTwice;
      await worker.settled();
    } finally {
      clearInterval(keepAlive);
      await worker.stop();
    }
    const state = async (id: string) => repos.automationJobs.findById(tenantId, id);
    assert.deepEqual(ran, [a.id]);
    assert.equal((await state(a.id))?.state, 'done');
    const retried = await state(b.id);
    assert.equal(retried?.state, 'done');
    assert.equal(retried?.attempts, 3);
    assert.deepEqual(retried?.result, { after: 3 });
    assert.equal((await state(c.id))?.state, 'failed');
    assert.deepEqual(failed, [[c.id, 'alias is not verified']]);
    assert.match((await state(d.id))?.errorMessage ?? '', /No handler for automation jobs of kind rule-bounce/);
  });

  test('a fault that keeps coming back fails the job after maxAttempts', () => {
    const claim = { attempts: DEFAULT_AUTOMATION_JOB_SETTINGS.maxAttempts - 1 } as Parameters<typeof automationOutcome>[0];
    const outcome = automationOutcome(claim, { error: new Error('down') }, 0, DEFAULT_AUTOMATION_JOB_SETTINGS);
    assert.equal(outcome.state, 'failed');
    const early = automationOutcome({ ...claim, attempts: 0 }, { error: new Error('down') }, 0, DEFAULT_AUTOMATION_JOB_SETTINGS);
    assert.equal(early.state, 'pending');
  });
});
