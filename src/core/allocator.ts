import { createRequire } from 'node:module';
import { memoryUsage } from 'node:process';
import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * Gives memory that the C allocator keeps after a burst back to the operating system.
 *
 * After large messages or request bodies, the JavaScript heap comes back down but the process's
 * resident size does not: glibc's malloc keeps the freed buffers in its arenas, fragmented, and
 * only ever returns the top of the heap (measured: 178 → 681 MB after a MIME fuzz, of which
 * 519 MB in the main arena, with the V8 heap back at 55 MB). `malloc_trim(0)` hands every free
 * page of every arena back (madvise), which the environment variables that tune malloc can only
 * do if set before the process starts. Node has no binding for it, so it is called through koffi
 * (a maintained FFI library with prebuilt binaries, an optional dependency). Anywhere else (musl, macOS, Windows, koffi
 * missing) this is a no-op: those allocators return memory on their own or not at all.
 */
export interface MemoryTrimmer {
  /** true when malloc_trim could be bound (glibc) */
  readonly available: boolean;
  /** trims now; the bytes of resident memory it gave back (0 when unavailable) */
  trim(): number;
  stop(): void;
}

type TrimFunction = (pad: number) => number;

let bound: TrimFunction | null | undefined;

/** malloc_trim of the C library, bound once; null where there is none. */
function mallocTrim(): TrimFunction | null {
  if (bound !== undefined) return bound;
  bound = null;
  if (process.platform !== 'linux') return bound;
  // process.report names the C library the process runs on; only glibc has malloc_trim.
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  if (!header?.glibcVersionRuntime) return bound;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as {
      load(name: string): { func(signature: string): TrimFunction };
    };
    bound = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch {
    bound = null;
  }
  return bound;
}

/**
 * Looks every `intervalMs` (an unref'd timer: it never keeps the process alive) and trims while
 * resident memory is `growthBytes` above the lowest it has been after a trim (or at start). That
 * floor, not the size after the last trim, is the reference: a trim during a burst finds little
 * free, and what the burst frees afterwards must still be given back. It also looks after each
 * full garbage collection, which is when dead Buffers are freed. A trim walks the arenas' free
 * chunks (a few milliseconds for hundreds of MB); a process at its floor is never trimmed.
 */
export function startMemoryTrimmer(options: { intervalMs: number; growthBytes: number }): MemoryTrimmer {
  const trimFn = mallocTrim();
  let floor = memoryUsage.rss();
  const trim = () => {
    if (!trimFn) return 0;
    const before = memoryUsage.rss();
    trimFn(0);
    const after = memoryUsage.rss();
    floor = Math.min(floor, after);
    return Math.max(0, before - after);
  };
  const check = () => {
    if (memoryUsage.rss() - floor >= options.growthBytes) trim();
  };
  const timer = trimFn ? setInterval(check, options.intervalMs) : undefined;
  timer?.unref();
  // Buffers are freed when a full garbage collection finds them dead, often long after the burst
  // (an idle process allocates nothing, so collects nothing): look right after each one too.
  const afterCollection = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => ((entry as { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) {
      setImmediate(check);
    }
  });
  if (trimFn) afterCollection.observe({ entryTypes: ['gc'] });
  return {
    available: trimFn !== null,
    trim,
    stop: () => {
      clearInterval(timer);
      afterCollection.disconnect();
    },
  };
}
