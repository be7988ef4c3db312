import { performance, PerformanceObserver, constants, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection once the process goes quiet after a burst.
 *
 * V8 collects its old generation when the heap must grow, not when the process goes idle (Node
 * gives V8 no idle time to collect in), so after a burst of mail or requests the heap keeps the
 * burst's garbage until the next burst: measured after 3,000 SMTP messages and 15 s of quiet, 176 MB
 * of heap (145 MB "used") for 71 MB live, and RSS 346 MB, 286 MB once collected. A test server
 * lives between suites' bursts, often in a container with a memory limit: it should give that back.
 *
 * Every `intervalMs` (an unref'd timer), when the event loop was busy for less than
 * `idleUtilization` of this interval and of the one before, and the heap holds `growthBytes`
 * more than the last full collection left alive, it collects. The pause (tens of milliseconds for a heap of a few hundred
 * MB) falls when nothing is waiting. The C allocator's memory freed with it goes back to the system
 * through the trimmer (allocator.ts), which looks after each full collection.
 */
export interface IdleCollector {
  /** full collections this collector ran */
  readonly collections: number;
  stop(): void;
}

export interface IdleCollectorOptions {
  intervalMs: number;
  growthBytes: number;
  /** the event loop's busy share of an interval (0-1) below which the process counts as quiet */
  idleUtilization: number;
}

type Collect = () => void;

let collect: Collect | undefined;

/**
 * V8's own full collection. Node exposes it only with --expose-gc; the flag set now makes new
 * contexts get `gc`, and the function works on the whole isolate's heap.
 */
function fullCollection(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  return collect;
}

export function startIdleCollector(options: IdleCollectorOptions): IdleCollector {
  const gc = fullCollection();
  let liveAfterLast = getHeapStatistics().used_heap_size;
  let collections = 0;
  let quietChecks = 0;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  // A full collection V8 runs by itself can only lower the reference: one in the middle of a
  // burst finds the burst alive, and what the burst leaves behind must still count as garbage.
  // Ours sets it, so a live set that really grew is not collected again and again.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => ((entry as { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) {
      liveAfterLast = Math.min(liveAfterLast, getHeapStatistics().used_heap_size);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const check = () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    quietChecks = busy < options.idleUtilization ? quietChecks + 1 : 0;
    // two quiet intervals in a row: a lull between a suite's tests is not the end of the burst
    if (quietChecks < 2 || getHeapStatistics().used_heap_size - liveAfterLast < options.growthBytes) return;
    gc();
    collections++;
    liveAfterLast = getHeapStatistics().used_heap_size;
  };
  const timer = setInterval(check, options.intervalMs);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => {
      clearInterval(timer);
      observer.disconnect();
    },
  };
}
