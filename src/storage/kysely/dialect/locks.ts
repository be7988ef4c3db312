import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../schema.js';
import type { SchedulerLocks } from '../../ports.js';

/**
 * PostgreSQL: a session advisory lock, tried (never waited for) on a connection held for
 * the whole run, so one node runs a schedule at a time; the work itself uses the pool.
 * The key is (hash of the name, hash of the schema): several Pigeonholes, or test runs,
 * sharing a database in different schemas do not exclude each other. A node that dies
 * mid-run loses its session and with it the lock.
 * SQLite is single-node: the run goes ahead (the caller guards against overlapping itself).
 */
export function schedulerLocks(db: Kysely<Database>): SchedulerLocks {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return { runExclusive: (_name, fn) => fn() };
  }
  return {
    runExclusive: (name, fn) =>
      db.connection().execute(async (conn) => {
        const key = sql`hashtext(${`pigeonhole:${name}`}), hashtext(current_schema())`;
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
        if (!rows[0]?.locked) return undefined;
        try {
          return await fn();
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(conn);
        }
      }),
  };
}
