import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import { relaxedTransaction } from './dialect/relaxed-commit.js';
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

/**
 * The due jobs of one side, soonest first: pending ones whose time has come, in the order of the
 * (state, next_attempt_at) index, or leases that ran out (their worker died; on PostgreSQL read
 * through the (state, lease_until) index, which holds the few rather than every version of every
 * job once in flight). Two reads rather than one with OR, which read and sorted every due job.
 */
function dueSide(db: Kysely<Record<LeasedJobTable, LeaseColumns>>, table: LeasedJobTable, now: number, side: 'pending' | 'expired', n: number) {
  const from = db.selectFrom(table);
  return (side === 'pending'
    ? from.where('state', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at')
    : from.where('state', '=', 'inflight').where('lease_until', '<', now)).limit(n);
}

/**
 * Leases up to `limit` due jobs of `table` to a new token, soonest due first, and answers
 * their rows. It looks first, outside a transaction, because workers mostly wake to find
 * nothing due, and on SQLite a write transaction takes the file's write lock that the ingest
 * writer needs; the look asks each side's first due time (ordered, one row: read from the index
 * whatever the planner's statistics). PostgreSQL: rows another node is claiming are skipped, not
 * waited for, so no job runs twice at once, and the claim reads in index order
 * (`relaxedTransaction`'s `inIndexOrder`); SQLite is one process, and better-sqlite3 runs one
 * transaction at a time. The lease commits without waiting for the flush: one undone by a crash
 * of the machine leaves its job pending, to run again, as a lease that ran out does.
 */
export async function claimLeased<T extends 'send_queue' | 'automation_jobs'>(
  db: Kysely<Database>, table: T, now: number, limit: number, leaseMs: number,
): Promise<{ token: string; rows: Array<Selectable<Database[T]>> }> {
  const token = randomUUID();
  const jobs = leased(db);
  const anyDue = await jobs.selectNoFrom(() => [
    dueSide(jobs, table, now, 'pending', 1).select('next_attempt_at').as('pending'),
    dueSide(jobs, table, now, 'expired', 1).select('lease_until').as('expired'),
  ]).executeTakeFirst();
  if (!anyDue || (anyDue.pending === null && anyDue.expired === null)) return { token, rows: [] };
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await relaxedTransaction(db, async (trx) => {
    const inTrx = leased(trx);
    const locked = (side: 'pending' | 'expired') => dueSide(inTrx, table, now, side, limit).select('id')
      .$if(postgres, (q) => q.forUpdate().skipLocked());
    // PostgreSQL: both sides in one statement (a round trip each otherwise), pending first
    const due = postgres
      ? await inTrx.selectFrom([locked('pending').as('p')]).selectAll().unionAll(inTrx.selectFrom([locked('expired').as('e')]).selectAll()).execute()
      : [...await locked('pending').execute(), ...await locked('expired').execute()];
    const ids = due.slice(0, limit).map((d) => d.id);
    if (ids.length === 0) return [];
    return inTrx.updateTable(table as LeasedJobTable)
      .set({ state: 'inflight', lease_token: token, lease_until: now + leaseMs, updated_at: now })
      .where('id', 'in', ids).returningAll().execute();
  }, { inIndexOrder: true });
  return { token, rows: rows as unknown as Array<Selectable<Database[T]>> };
}
