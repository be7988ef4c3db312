/** Cross-node mutual exclusion for schedulers: a PostgreSQL advisory lock; SQLite is single-node. */
export interface SchedulerLocks {
  /** Runs `fn` unless another node holds `name` right now; undefined when it was skipped. */
  runExclusive<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;
}
