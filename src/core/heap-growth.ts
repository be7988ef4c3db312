import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a heap grow past what its last full collection kept, in percent.
 *
 * V8 sets the next full collection's trigger at a multiple of the live heap, from 1.1× up to 4×
 * the faster it collects, and keeps the pages it grew into until its memory reducer or our idle
 * collector (idle-collector.ts) collects in a quiet moment. Under a stream of mail the server's
 * live heap stays near what it is at rest (80-100 MB after a full collection) while its garbage
 * comes and goes, so that multiple is memory held for nothing: measured after 20,000 SMTP messages,
 * main heap 232 MB for 87 MB live and RSS 426 MB by default, against 155 MB and 354 MB with 30%,
 * at the same throughput (full collections mark concurrently, on V8's helper threads).
 */
export const HEAP_GROWTH_PERCENT = 30;

/**
 * Applies `percent` to every heap of the process, unless the operator gave node a value on its
 * command line (`node --heap-growing-percent=N`; NODE_OPTIONS does not take V8's flags). Only before the heap first grows: set once the server had started, it
 * changed nothing (the same load, the same 232 MB), so the CLI does it before loading anything
 * else (cli/limit-heap-growth.ts).
 */
export function limitHeapGrowth(percent = HEAP_GROWTH_PERCENT): boolean {
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}
