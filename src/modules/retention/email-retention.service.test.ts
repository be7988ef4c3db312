import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import type { EmailRetentionPolicyRecord, EmailRetentionRepository } from '../../storage/ports.js';
import { EmailRetentionService, type EmailRetentionSettings } from './email-retention.service.js';

interface Mail { id: string; tenantId: string; inboxId: string; uid: number; at: number; favourite: boolean }

/** Emails in memory, answering the port's questions as the Kysely repository does. */
function store(mails: Mail[]) {
  const policies = new Map<string, EmailRetentionPolicyRecord>();
  const kept = (t: string) => mails.filter((m) => m.tenantId === t && !m.favourite);
  const ids = (list: Mail[], limit: number) => list.slice(0, limit).map((m) => m.id);
  const repo: EmailRetentionRepository = {
    findPolicy: async (t) => policies.get(t),
    savePolicy: async (p) => (policies.set(p.tenantId, p), p),
    deletePolicy: async (t) => policies.delete(t),
    tenantsWithPolicies: async () => [...policies.keys()],
    allTenants: async () => [...new Set(mails.map((m) => m.tenantId))],
    olderThan: async (t, before, limit) => ids(kept(t).filter((m) => m.at < before.getTime()).sort((a, b) => a.at - b.at), limit),
    inboxesOver: async (t, cap) => {
      const counts = new Map<string, number>();
      for (const m of kept(t)) counts.set(m.inboxId, (counts.get(m.inboxId) ?? 0) + 1);
      return [...counts].filter(([, n]) => n > cap).map(([inboxId, count]) => ({ inboxId, count }));
    },
    oldestInInbox: async (t, inboxId, limit) => ids(kept(t).filter((m) => m.inboxId === inboxId).sort((a, b) => a.uid - b.uid), limit),
    countKept: async (t) => kept(t).length,
    oldestInAccount: async (t, limit) => ids(kept(t).sort((a, b) => a.at - b.at), limit),
  };
  const batches: number[] = [];
  const deleter = {
    async deleteByIds(tenantId: string, idList: string[]) {
      batches.push(idList.length);
      const gone = mails.filter((m) => m.tenantId === tenantId && idList.includes(m.id));
      for (const m of gone) mails.splice(mails.indexOf(m), 1);
      return gone.map((m) => m.id);
    },
  };
  return { repo, deleter, batches, mails };
}

const settings = (s: Partial<EmailRetentionSettings>): EmailRetentionSettings => ({ maxEmailsPerInbox: 0, maxEmailsPerAccount: 0, maxEmailAge: 0, batchSize: 3, ...s });
const inbox = (tenantId: string, inboxId: string, n: number, from = 0): Mail[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${inboxId}-${i + from}`, tenantId, inboxId, uid: i + from + 1, at: (i + from) * 1000, favourite: false }));

test('the stricter of the server\'s and the account\'s limit applies, kind by kind; none set means none', async () => {
  const { repo, deleter } = store([]);
  const service = new EmailRetentionService(repo, deleter, new ManualClock(), settings({ maxEmailsPerInbox: 10, maxEmailAge: 1500 }));
  assert.deepEqual(service.serverLimits(), { maxEmailsPerInbox: 10, maxEmailsPerAccount: null, maxAgeSeconds: 2 }, 'an age under a second rounds up, never to none');
  const policy = await service.setPolicy('a', { maxEmailsPerInbox: 50, maxEmailsPerAccount: 7 });
  assert.deepEqual(service.effectiveLimits(policy), { maxEmailsPerInbox: 10, maxEmailsPerAccount: 7, maxAgeSeconds: 2 });
  const unlimited = new EmailRetentionService(repo, deleter, new ManualClock(), settings({}));
  assert.equal(unlimited.serverLimited(), false);
  assert.deepEqual(unlimited.effectiveLimits(undefined), { maxEmailsPerInbox: null, maxEmailsPerAccount: null, maxAgeSeconds: null });
});

test('the per-inbox excess goes oldest first in batches of at most the batch size; favourites and other inboxes stay', async () => {
  const mails = [...inbox('a', 'x', 10), ...inbox('a', 'y', 2), ...inbox('b', 'z', 10)];
  mails[0]!.favourite = true;
  const { repo, deleter, batches } = store(mails);
  const service = new EmailRetentionService(repo, deleter, new ManualClock(), settings({}));
  await service.setPolicy('a', { maxEmailsPerInbox: 2 });
  const report = await service.runScheduled();
  assert.deepEqual([report.deleted, report.batches], [7, 3]);
  assert.deepEqual(batches, [3, 3, 1]);
  assert.deepEqual(mails.filter((m) => m.inboxId === 'x').map((m) => m.id), ['x-0', 'x-8', 'x-9']);
  assert.equal(mails.filter((m) => m.tenantId === 'b').length, 10, 'b has no policy and the server no limit');
});

test('age, then the account cap; a failing account is told and the others still run', async () => {
  const clock = new ManualClock(new Date(20_000));
  const mails = [...inbox('a', 'x', 6), ...inbox('a', 'y', 6, 10), ...inbox('b', 'z', 3)];
  const { repo, deleter } = store(mails);
  const service = new EmailRetentionService(repo, deleter, clock, settings({ maxEmailAge: 15_000, maxEmailsPerAccount: 4 }));
  const failing = { ...repo, findPolicy: async (t: string) => { if (t === 'b') throw new Error('database away'); return undefined; } };
  const errors: string[] = [];
  const report = await new EmailRetentionService(failing, deleter, clock, settings({ maxEmailAge: 15_000, maxEmailsPerAccount: 4 }))
    .runScheduled((err, tenantId) => errors.push(`${tenantId}: ${(err as Error).message}`));
  assert.deepEqual(errors, ['b: database away']);
  // age: x-0..x-4 (before 5000 ms) go; then the account keeps its 4 newest of the 7 left
  assert.deepEqual(mails.filter((m) => m.tenantId === 'a').map((m) => m.id), ['y-12', 'y-13', 'y-14', 'y-15']);
  assert.equal(report.deleted, 8);
  assert.equal((await service.prune('a')).deleted, 0, 'nothing more to delete');
});
