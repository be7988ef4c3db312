import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { memoryUsage } from 'node:process';
import { startMemoryTrimmer } from './allocator.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const glibc = Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

test('memory the C allocator kept after a burst of buffers goes back to the system', { skip: !glibc && 'malloc_trim is glibc only' }, async () => {
  const trimmer = startMemoryTrimmer({ intervalMs: 60_000, growthBytes: 1 });
  try {
    assert.equal(trimmer.available, true);
    // 160 MB in 64 KB buffers (below malloc's mmap threshold: they come from the heap), with
    // every 16th kept alive so the freed ones are holes malloc cannot give back on its own.
    let burst: Buffer[] | null = Array.from({ length: 2560 }, () => Buffer.alloc(64 * 1024, 1));
    const kept = burst.filter((_, i) => i % 16 === 0);
    burst = null;
    const before = memoryUsage.rss();
    // V8 frees dead backing stores on a background thread after the collection: trim as each
    // turn of the event loop lets that thread finish, until the memory is back (or 200 turns).
    let released = 0;
    for (let turn = 0; turn < 200 && released <= 64 * 1024 * 1024; turn++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      released += trimmer.trim();
    }
    assert.ok(released > 64 * 1024 * 1024, `expected over 64 MB back, got ${(released / 1048576).toFixed(1)} MB`);
    assert.ok(memoryUsage.rss() < before - 64 * 1024 * 1024);
    assert.equal(kept.length, 160);
  } finally {
    trimmer.stop();
  }
});
