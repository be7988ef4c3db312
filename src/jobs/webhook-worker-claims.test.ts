import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventBus } from '../events/bus.js';
import type { ClaimedDelivery, DeliveryClaimFilter, WebhookRepository } from '../storage/ports.js';
import { webhookDeliveryWorker } from './webhook-delivery.js';

/** A delivery of `webhookId` to `url`, due now. */
function delivery(n: number, url: string): ClaimedDelivery {
  return {
    id: `d${n}`, tenantId: 't1', webhookId: 'w1', messageId: `m${n}`, eventName: 'EMAIL_RECEIVED', payload: `{"n":${n}}`,
    attempts: 0, windowStart: Date.now(), leaseToken: `lease${n}`, redriveOf: null,
    inboxId: null, emailId: null, attachmentId: null, phoneId: null, smsId: null,
    webhook: {
      id: 'w1', tenantId: 't1', inboxId: null, phoneId: null, name: null, url, eventName: 'EMAIL_RECEIVED', basicAuth: null, headers: [],
      requestBodyTemplate: null, useStaticIpRange: false, ignoreInsecureSsl: false, tags: [], enabled: true, healthStatus: 'HEALTHY',
      createdAt: new Date(), updatedAt: new Date(),
    },
  };
}

/** A worker on `repo`: 8 places, 2 per target; `singleProcess` as on SQLite. */
const workerOn = (repo: WebhookRepository, singleProcess: boolean) => webhookDeliveryWorker({
  repo,
  dispatcher: { dispatchPending: async () => ({ dropped: [], failed: [] }), releaseClaims: async () => {} },
  bus: new EventBus(),
  log: { warn: () => {}, error: () => {} },
  settings: { timeoutMs: 5000, retryWindowMs: 60_000, retryBaseMs: 1000, blockPrivate: false, concurrency: 8, perTargetConcurrency: 2 },
  singleProcess,
});

test('a target freed while a look for due jobs is under way is looked at again at once, not at the next idle poll', async (t) => {
  const received: string[] = [];
  let allReceived: () => void = () => {};
  const done = new Promise<void>((resolve) => (allReceived = resolve));
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['x-message-id']));
      res.end('ok');
      if (received.length === 4) allReceived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); }));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const due = [1, 2, 3, 4].map((n) => delivery(n, url));
  let recorded = 0;
  let onRecorded: () => void = () => {};
  const repo = {
    signingSecret: async () => 'secret',
    releaseLeases: async () => {},
    nextDueAt: async () => undefined,
    completeAll: async (entries: unknown[]) => {
      recorded += entries.length;
      onRecorded();
    },
    async claimDue(_now: number, limit: number, _lease: number, filter: DeliveryClaimFilter) {
      const looked = due.filter((d) => !filter.skipWebhookIds.includes(d.webhookId));
      if (looked.length === 0 && due.length > 0) {
        // The target is at its limit, so this look finds nothing it may take; the attempts to it
        // end while the look is still on its way (as a query to a busy database may be).
        await new Promise<void>((resolve) => {
          onRecorded = () => recorded === 2 && resolve();
          onRecorded();
        });
        await new Promise((resolve) => setImmediate(resolve));
        return [];
      }
      const ids = new Set(filter.choose(looked.map((d) => ({ id: d.id, webhookId: d.webhookId, url })), limit));
      const taken = due.filter((d) => ids.has(d.id));
      for (const d of taken) due.splice(due.indexOf(d), 1);
      return taken;
    },
  } as unknown as WebhookRepository;

  const worker = workerOn(repo, true);
  const started = performance.now();
  await worker.start();
  t.after(() => worker.stop());
  await done;
  const elapsed = performance.now() - started;
  assert.deepEqual(received.sort(), ['m1', 'm2', 'm3', 'm4']);
  // nothing else wakes the worker here but its idle poll, two seconds on
  assert.ok(elapsed < 1500, `the last two were sent ${Math.round(elapsed)} ms after the start`);
});

test('on a store shared by nodes (PostgreSQL) a claim takes a target\'s places and as many ahead, and tops it up once it is down to its places', async (t) => {
  const held: Array<() => void> = [];
  let onHeld: () => void = () => {};
  const receiver = createServer((req, res) => {
    req.resume();
    held.push(() => res.end('ok'));
    onHeld();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); }));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const due = [1, 2, 3, 4, 5, 6].map((n) => delivery(n, url));
  const claims: number[] = [];
  const repo = {
    signingSecret: async () => 'secret',
    releaseLeases: async () => {},
    nextDueAt: async () => undefined,
    completeAll: async () => {},
    async claimDue(_now: number, limit: number, _lease: number, filter: DeliveryClaimFilter) {
      const looked = due.filter((d) => !filter.skipWebhookIds.includes(d.webhookId));
      const ids = new Set(filter.choose(looked.map((d) => ({ id: d.id, webhookId: d.webhookId, url })), limit));
      const taken = due.filter((d) => ids.has(d.id));
      for (const d of taken) due.splice(due.indexOf(d), 1);
      if (taken.length > 0) claims.push(taken.length);
      return taken;
    },
  } as unknown as WebhookRepository;
  const worker = workerOn(repo, false);
  await worker.start();
  t.after(() => worker.stop());
  const holding = (n: number) => new Promise<void>((resolve) => {
    onHeld = () => held.length >= n && resolve();
    onHeld();
  });
  await holding(2);
  assert.deepEqual(claims, [4], 'two for the places, two ahead');
  held[0]!();
  await holding(3);
  held[1]!();
  await holding(4);
  assert.deepEqual(claims, [4, 2], 'down to its places, the target is topped up');
  for (const release of held.slice(2)) release();
  await holding(6);
  for (const release of held.slice(4)) release();
});
