import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * PostgreSQL: the leased-job tables get an index on (state, lease_until), for the claim's look
 * for leases that ran out. Through the (state, next_attempt_at) index that look visited every
 * version of every job that had been in flight since the last vacuum: each claim marks jobs
 * inflight and each outcome moves them on, so under a backlog the dead versions piled up, and the
 * look (which nearly always finds nothing) cost 3 ms per claim after 2,000 deliveries, more the
 * longer the drain. In lease order, the versions a look passes are only those whose lease ended
 * before now, which vacuum has mostly removed by then. SQLite updates its rows in place, so the
 * few inflight rows are all the old index shows it, and a second index would only cost writes.
 */
const TABLES = ['webhook_deliveries', 'send_queue', 'automation_jobs'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) await db.schema.createIndex(`${table}_lease`).on(table).columns(['state', 'lease_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) await db.schema.dropIndex(`${table}_lease`).execute();
}
