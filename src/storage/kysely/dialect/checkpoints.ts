import type SQLite from 'better-sqlite3';

export interface CheckpointPolicy {
  /** a checkpoint once this many groups committed since the last, when the writer is idle */
  afterGroups: number;
  /** ...idle for this long (no group arriving meanwhile) */
  idleMs: number;
  /** and at once after this many, idle or not (a writer that is never idle) */
  forceAfterGroups: number;
  /** told after each checkpoint (tests and diagnostics) */
  onCheckpoint?: () => void;
}

/** ~16 groups of light mail is ~250 WAL pages (1 MB), well under SQLite's own 1000-page mark. */
export const DEFAULT_CHECKPOINTS: CheckpointPolicy = { afterGroups: 16, idleMs: 2, forceAfterGroups: 256 };

/**
 * WAL checkpoints for the ingest writer, run between groups rather than inside a commit.
 * SQLite's automatic checkpoint runs in whichever commit takes the WAL past 1000 pages: that
 * message then waits for a few hundred page writes and two more fsyncs, and when the commit
 * is the main thread's, the event loop waits with it. The writer's connection turns that off
 * (openSqlite autoCheckpoint: false) and checkpoints here instead, once it is idle. PASSIVE
 * never waits for readers or writers; what it cannot copy yet is copied next time. The main
 * connection keeps the automatic checkpoint as a backstop for when no mail comes in.
 */
export function idleCheckpoints(connection: SQLite.Database, policy: CheckpointPolicy = DEFAULT_CHECKPOINTS) {
  let groups = 0;
  let timer: NodeJS.Timeout | undefined;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const run = () => {
    cancel();
    groups = 0;
    try {
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // a closed connection or a locked file: the next checkpoint (or SQLite's backstop) catches up
    }
    policy.onCheckpoint?.();
  };
  return {
    /** A group arrived: an idle checkpoint waits until the writer is idle again. */
    busy: cancel,
    /** A group committed and was answered (0: a smaller write, which re-arms a due checkpoint without counting). */
    committed(count = 1): void {
      groups += count;
      if (groups >= policy.forceAfterGroups) return run();
      if (groups >= policy.afterGroups) {
        cancel();
        timer = setTimeout(run, policy.idleMs);
      }
    },
    close: cancel,
  };
}
