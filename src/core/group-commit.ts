/**
 * Group commit: calls made while a write is in flight are queued and then written
 * together, in one transaction, when it finishes. Each caller still resolves only once
 * the transaction holding its items has committed, so "answer after commit" holds, while
 * N concurrent messages cost one commit (one fsync on SQLite, one round of COMMIT on
 * PostgreSQL) instead of N. A lone call is written at once: no added latency.
 *
 * If a group's transaction fails, each call in it is retried alone, so one bad message
 * fails only its own caller.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, maxItems = 500): (items: T[]) => Promise<void> {
  interface Pending {
    items: T[];
    resolve(): void;
    reject(err: unknown): void;
  }
  let queue: Pending[] = [];
  let writing = false;

  const takeGroup = (): Pending[] => {
    let count = 0;
    let n = 0;
    while (n < queue.length && (n === 0 || count + queue[n]!.items.length <= maxItems)) count += queue[n++]!.items.length;
    const group = queue.slice(0, n);
    queue = queue.slice(n);
    return group;
  };

  const drain = async () => {
    writing = true;
    try {
      let first = true;
      while (queue.length > 0) {
        // A synchronous driver (better-sqlite3) runs a whole transaction without yielding,
        // so nothing could join while it ran: give pending I/O one turn to queue up first.
        // The first write goes at once, so a lone message waits for nothing.
        if (!first) await new Promise<void>((resolve) => setImmediate(resolve));
        first = false;
        const group = takeGroup();
        try {
          await write(group.flatMap((p) => p.items));
          for (const p of group) p.resolve();
        } catch (err) {
          if (group.length === 1) {
            group[0]!.reject(err);
            continue;
          }
          for (const p of group) {
            await write(p.items).then(p.resolve, p.reject);
          }
        }
      }
    } finally {
      writing = false;
    }
  };

  return (items) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ items, resolve, reject });
      if (!writing) void drain();
    });
}
