import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { EventEmitter } from 'node:events';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { startIdleCollector } from './idle-collector.js';

/** Resolves at the next full collection (whoever runs it). */
function nextFullCollection(): Promise<unknown> {
  const seen = new EventEmitter();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => ((e as { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) seen.emit('major');
  });
  observer.observe({ entryTypes: ['gc'] });
  return once(seen, 'major').finally(() => observer.disconnect());
}

test('a quiet process collects the garbage a burst left in the heap', { timeout: 20_000 }, async () => {
  const collector = startIdleCollector({ intervalMs: 20, growthBytes: 16 * 1024 * 1024, idleUtilization: 0.5 });
  // the collector's timer is unref'd (it never keeps a server alive): this keeps the test's loop alive
  const alive = setInterval(() => undefined, 1_000);
  try {
    // a burst: 40 MB of short-lived objects, dead once it ends
    let burst: Array<{ n: number; s: string }> | null = Array.from({ length: 400_000 }, (_, n) => ({ n, s: `row ${n} `.repeat(8) }));
    assert.equal(burst.length, 400_000);
    burst = null;
    const before = getHeapStatistics().used_heap_size;
    // V8 may first finish a collection it began during the burst (which found the burst alive)
    while (collector.collections === 0) await nextFullCollection();
    const after = getHeapStatistics().used_heap_size;
    assert.ok(collector.collections >= 1, 'the collector ran the collection');
    assert.ok(after < before - 16 * 1024 * 1024, `heap used ${(before / 1048576).toFixed(0)} → ${(after / 1048576).toFixed(0)} MB`);
  } finally {
    clearInterval(alive);
    collector.stop();
  }
});

test('a busy process is not paused to collect', async () => {
  const collector = startIdleCollector({ intervalMs: 20, growthBytes: 1, idleUtilization: 0.5 });
  try {
    // busy: the event loop never idles for 300 ms, so every check finds it over the threshold
    const until = performance.now() + 300;
    let garbage = 0;
    while (performance.now() < until) garbage += JSON.stringify({ at: performance.now() }).length;
    assert.ok(garbage > 0);
    // the checks due during the busy stretch run now, and see it
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(collector.collections, 0);
  } finally {
    collector.stop();
  }
});
