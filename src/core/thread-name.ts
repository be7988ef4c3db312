import { writeFileSync } from 'node:fs';

/**
 * Names the calling thread as the operating system shows it (`top -H`, `ps -L`,
 * /proc/PID/task/TID/comm), so an operator, and the benchmark's per-thread CPU report, can tell
 * the mail workers and the ingest writer from V8's and libuv's helper threads, all of which
 * Node leaves named after the process. Linux lets a thread rename itself by writing its own
 * comm file (15 bytes at most); elsewhere, or where /proc is read-only, it stays unnamed.
 * The main thread is never renamed: its name is the process's, which `ps` and `pgrep` match.
 */
export function nameThisThread(name: string): void {
  if (process.platform !== 'linux') return;
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // /proc missing or read-only (some sandboxes): the name is a convenience only
  }
}
