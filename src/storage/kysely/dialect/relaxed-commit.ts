import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../schema.js';
import { SQLITE_SYNCHRONOUS } from './sqlite.js';

/**
 * PostgreSQL planner settings for a queue's claim: take the first due rows as an index holds
 * them in order and stop at the limit. A queue table fills in bursts far faster than autovacuum
 * re-reads its statistics (at most once a minute), so the planner, believing a few rows due,
 * chose to read every due row and sort them: the whole backlog on each claim.
 */
const IN_INDEX_ORDER = ['enable_bitmapscan = off', 'enable_sort = off'];

/**
 * Runs `work` in a transaction whose commit does not wait for the disk flush. The change is
 * visible to every reader at once and survives the process crashing or being killed; only a
 * crash of the machine itself (power cut, kernel panic) in the following moment may undo it,
 * and never half of it. For state that is cheap to lose and read on a hot path: read marks,
 * which waitForLatestEmail and getEmail make before they answer. Mail is never written so.
 *
 * PostgreSQL: `synchronous_commit = off` for this transaction alone, set with its BEGIN. SQLite (WAL): the
 * connection commits at synchronous=NORMAL (no fsync; the next FULL commit or checkpoint
 * flushes it) and is set back before anything else may use it: the whole run holds the
 * connection, which Kysely's SQLite driver shares one caller at a time.
 */
export async function relaxedTransaction<T>(
  db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, options: { inIndexOrder?: boolean } = {},
): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // BEGIN and the settings as one simple-query message (pg-batch.ts): a round trip fewer than
    // Kysely's transaction, on paths that run one per read mark or webhook claim.
    const settings = ['synchronous_commit = off', ...(options.inIndexOrder ? IN_INDEX_ORDER : [])];
    return db.connection().execute(async (conn) => {
      await sql.raw(['begin', ...settings.map((s) => `set local ${s}`)].join('; ')).execute(conn);
      let result: T;
      try {
        // the connection, held for the whole run, is the transaction's: Transaction adds no query method
        result = await work(conn as Transaction<Database>);
      } catch (err) {
        // the work's own error is the one to report; a connection that cannot roll back is broken
        // and the pool drops it on its error
        await sql.raw('rollback').execute(conn).catch(() => undefined);
        throw err;
      }
      await sql.raw('commit').execute(conn);
      return result;
    });
  }
  return db.connection().execute(async (conn) => {
    await sql`pragma synchronous = normal`.execute(conn);
    try {
      return await conn.transaction().execute(work);
    } finally {
      await sql.raw(`pragma synchronous = ${SQLITE_SYNCHRONOUS}`).execute(conn);
    }
  });
}
