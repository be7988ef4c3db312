import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metricsOf, regressions } from '../../bench/regression-check.js';

const run = (vsMaildev: number, vsSink: number, wakeP50: number) => ({
  ratios: [
    { sizeBytes: 2_000, reuse: false, vsMaildev, vsSink },
    { sizeBytes: 20_000, reuse: true, vsMaildev: 1, vsSink: 0.1 },
  ],
  wakeLatency: {
    oneNode: { samples: 50, p50Ms: wakeP50, p99Ms: 10, maxMs: 12 },
    floors: { bare: { samples: 50, p50Ms: 1, p99Ms: 3, maxMs: 4 }, durable: { samples: 50, p50Ms: 2, p99Ms: 5, maxMs: 6 } },
  },
});

test('the metrics are the run\'s ratios, named, higher being better', () => {
  assert.deepEqual(metricsOf(run(2.5, 0.2, 4)), {
    'ingest 2 KB new connection vs MailDev': 2.5,
    'ingest 2 KB new connection vs sink': 0.2,
    'ingest 20 KB reused sessions vs MailDev': 1,
    'ingest 20 KB reused sessions vs sink': 0.1,
    'wake p50: durable floor / Pigeonhole': 0.5,
    'wake p99: durable floor / Pigeonhole': 0.5,
  });
});

test('a ratio more than 25% below its baseline fails; within 25%, better, or unknown to either side does not', () => {
  const baseline = metricsOf(run(2, 0.2, 4));
  assert.deepEqual(regressions(baseline, metricsOf(run(1.6, 0.16, 5))), []); // 20% down, wake 0.5 -> 0.4
  const failed = regressions(baseline, metricsOf(run(1.4, 0.3, 8))); // 30% down; sink better; wake halved
  assert.deepEqual(failed.map((f) => f.metric), ['ingest 2 KB new connection vs MailDev', 'wake p50: durable floor / Pigeonhole']);
  assert.deepEqual(failed[0], { metric: 'ingest 2 KB new connection vs MailDev', baseline: 2, now: 1.4 });
  assert.deepEqual(regressions({ ...baseline, 'a metric this run lacks': 5 }, { 'another metric': 0 }), []);
});
