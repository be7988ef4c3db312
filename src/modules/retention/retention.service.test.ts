import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { rejectsWith } from '../../../test/fakes/index.js';
import { FakeInboxRetentionRepository } from '../../../test/fakes/inbox-retention-repository.js';
import { InboxRetentionService, type RetentionInboxDeleter } from './retention.service.js';

const DAY = 24 * 60 * 60 * 1000;

/** Inboxes by tenant with their creation times; deleteAll removes those created before `before`. */
function inboxes(rows: Array<{ id: string; tenantId: string; createdAt: Date }>): RetentionInboxDeleter & { calls: unknown[]; fail?: Error } {
  const deleter = {
    calls: [] as unknown[],
    fail: undefined as Error | undefined,
    async deleteAll(tenantId: string, filter: { before?: Date }) {
      deleter.calls.push({ tenantId, before: filter.before?.toISOString() });
      if (deleter.fail) throw deleter.fail;
      const gone = rows.filter((r) => r.tenantId === tenantId && filter.before && r.createdAt < filter.before);
      for (const r of gone) rows.splice(rows.indexOf(r), 1);
      return gone.map((r) => r.id);
    },
  };
  return deleter;
}

test('the account policy is one per tenant: set twice changes it, delete removes it, deleting none is fine', async () => {
  const repo = new FakeInboxRetentionRepository();
  const service = new InboxRetentionService(repo, inboxes([]), new ManualClock());
  assert.equal(await service.getAccountPolicy('a'), undefined);
  const first = await service.setAccountPolicy('a', 10);
  const second = await service.setAccountPolicy('a', 3);
  assert.equal(second.id, first.id);
  assert.equal((await service.getAccountPolicy('a'))?.retentionDays, 3);
  await rejectsWith(service.getPolicy('b', first.id), 'NOT_FOUND', /retention policy/, "another tenant's policy is missing to it");
  assert.equal((await service.updatePolicy('a', first.id, 5)).retentionDays, 5);
  await service.deleteAccountPolicy('a');
  await service.deleteAccountPolicy('a');
  await rejectsWith(service.deletePolicy('a', first.id), 'NOT_FOUND');
});

test('a run deletes the inboxes created before now minus the retention, and records what it did', async () => {
  const clock = new ManualClock(new Date('2026-05-10T00:00:00Z'));
  const rows = [
    { id: 'old', tenantId: 'a', createdAt: new Date('2026-05-01T00:00:00Z') },
    { id: 'new', tenantId: 'a', createdAt: new Date('2026-05-09T00:00:00Z') },
    { id: 'bobs', tenantId: 'b', createdAt: new Date('2026-01-01T00:00:00Z') },
  ];
  const deleter = inboxes(rows);
  const repo = new FakeInboxRetentionRepository();
  const service = new InboxRetentionService(repo, deleter, clock);
  await service.setAccountPolicy('a', 7);
  const run = await service.run('a');
  assert.deepEqual([run.status, run.source, run.matchedPolicies, run.appliedPolicies, run.deletedInboxIds], ['COMPLETED', 'USER_API', 1, 1, ['old']]);
  assert.deepEqual(deleter.calls, [{ tenantId: 'a', before: new Date(clock.now().getTime() - 7 * DAY).toISOString() }]);
  assert.deepEqual(rows.map((r) => r.id), ['new', 'bobs']);
  assert.deepEqual(await service.getRun('a', run.id), run, 'the finished run is what is stored');
  await rejectsWith(service.getRun('b', run.id), 'NOT_FOUND');

  // a tenant without policies gets a run that did nothing
  const empty = await service.run('b');
  assert.deepEqual([empty.status, empty.matchedPolicies, empty.deletedInboxIds], ['COMPLETED', 0, []]);
});

test('a failing delete makes a FAILED run with the error; the scheduled pass goes on with the other tenants', async () => {
  const clock = new ManualClock();
  const deleter = inboxes([{ id: 'x', tenantId: 'b', createdAt: new Date(0) }]);
  const repo = new FakeInboxRetentionRepository();
  const service = new InboxRetentionService(repo, deleter, clock);
  await service.setAccountPolicy('a', 1);
  await service.setAccountPolicy('b', 1);
  const original = deleter.deleteAll.bind(deleter);
  deleter.deleteAll = async (tenantId, filter) => {
    if (tenantId === 'a') throw new Error('database away');
    return original(tenantId, filter);
  };
  const errors: string[] = [];
  assert.equal(await service.runScheduled((err, tenantId) => errors.push(`${tenantId}: ${(err as Error).message}`)), 1);
  assert.deepEqual(errors, ['a: database away']);
  const [failed] = (await service.pageRuns('a', {})).slice.items;
  assert.deepEqual([failed!.status, failed!.source, failed!.errorMessage, failed!.appliedPolicies], ['FAILED', 'SCHEDULE', 'database away', 0]);
  assert.ok(failed!.completedAt);
});
