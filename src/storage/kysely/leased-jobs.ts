import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';

/** Tables of durable jobs claimed under a lease (jobs/leased-jobs.ts runs them). */
export type LeasedJobTable = 'send_queue' | 'webhook_deliveries' | 'automation_jobs';

/** The columns every leased-job table has. */
interface LeaseColumns {
  id: string;
  updated_at: number;
  state: string;
  next_attempt_at: number;
  lease_token: string | null;
  lease_until: number | null;
}

// The two tables differ elsewhere; through their shared lease columns one query serves both.
const leased = (db: Kysely<Database>) => db as unknown as Kysely<Record<LeasedJobTable, LeaseColumns>>;

/**
 * When the next pending job or lease in `table` falls due; undefined when none. `skip`: webhook
 * jobs of these webhooks aside. Each side is read from the (state, next_attempt_at) index, the
 * first pending row in order and the few leased rows: an aggregate over every pending row cost
 * the worker one pass over its whole backlog after every batch it ran.
 */
export async function nextDueAt(db: Kysely<Database>, table: LeasedJobTable, skip: { webhookIds: readonly string[] } = { webhookIds: [] }): Promise<number | undefined> {
  const jobs = leased(db);
  const row = await jobs.selectNoFrom((eb) => [
    eb.selectFrom(table).select('next_attempt_at').where('state', '=', 'pending')
      .$if(skip.webhookIds.length > 0, (q) => q.where(sql.ref('webhook_id'), 'not in', skip.webhookIds))
      .orderBy('next_attempt_at').limit(1).as('pending'),
    eb.selectFrom(table).select((e) => e.fn.min('lease_until').as('until')).where('state', '=', 'inflight').as('leased'),
  ]).executeTakeFirst();
  const times = [row?.pending, row?.leased].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** Puts every job a crashed process held back to pending (single-process stores only). */
export async function releaseLeases(db: Kysely<Database>, table: LeasedJobTable): Promise<void> {
  await leased(db).updateTable(table)
    .set({ state: 'pending', lease_token: null, lease_until: null })
    .where('state', '=', 'inflight').execute();
}

/** A job is due when pending and its time has come, or when a lease ran out (its worker died). */
function dueAt(now: number) {
  return (eb: ExpressionBuilder<Record<LeasedJobTable, LeaseColumns>, LeasedJobTable>) => eb.or([
    eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('state', '=', 'inflight'), eb('lease_until', '<', now)]),
  ]);
}

/**
 * Leases up to `limit` due jobs of `table` to a new token, soonest due first, and answers
 * their rows. It looks first, outside a transaction, because workers mostly wake to find
 * nothing due, and on SQLite a write transaction takes the file's write lock that the ingest
 * writer needs. PostgreSQL: rows another node is claiming are skipped, not waited for, so no
 * job runs twice at once; SQLite is one process, and better-sqlite3 runs one transaction at a time.
 */
export async function claimLeased<T extends 'send_queue' | 'automation_jobs'>(
  db: Kysely<Database>, table: T, now: number, limit: number, leaseMs: number,
): Promise<{ token: string; rows: Array<Selectable<Database[T]>> }> {
  const token = randomUUID();
  const jobs = leased(db);
  const anyDue = await jobs.selectFrom(table as LeasedJobTable).select('id').where(dueAt(now)).limit(1).execute();
  if (anyDue.length === 0) return { token, rows: [] };
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await jobs.transaction().execute(async (trx) => {
    let due = trx.selectFrom(table as LeasedJobTable).select('id').where(dueAt(now)).orderBy('next_attempt_at').limit(limit);
    if (postgres) due = due.forUpdate().skipLocked();
    const ids = await due.execute();
    if (ids.length === 0) return [];
    return trx.updateTable(table as LeasedJobTable)
      .set({ state: 'inflight', lease_token: token, lease_until: now + leaseMs, updated_at: now })
      .where('id', 'in', ids.map((d) => d.id)).returningAll().execute();
  });
  return { token, rows: rows as unknown as Array<Selectable<Database[T]>> };
}
