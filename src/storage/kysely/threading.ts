import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { newId } from '../../core/ids.js';
import { headerMessageId } from '../../core/threading.js';

/**
 * The thread a message being stored joins: that of the first of `keys` (see threadKeys)
 * already stored for the tenant, received or sent; otherwise a new thread starting at `at`.
 * Runs inside the storing transaction, so the message and its thread commit together.
 */
export async function assignThread(
  trx: Transaction<Database> | Kysely<Database>,
  tenantId: string,
  keys: string[],
  at: number,
): Promise<string> {
  if (keys.length > 0) {
    // Match the header form and, for ids stored without brackets, the bare form too.
    const candidates = [...new Set(keys.flatMap((k) => [k, k.slice(1, -1)]))];
    const threadOf = new Map<string, string>();
    for (const row of await storedThreadRows(trx, tenantId, candidates)) {
      const key = headerMessageId(row.message_id);
      if (key && row.thread_id && !threadOf.has(key)) threadOf.set(key, row.thread_id);
    }
    const known = keys.map((k) => threadOf.get(k)).find((t) => t !== undefined);
    if (known) return known;
  }
  const id = newId();
  await trx.insertInto('email_threads').values({ id, tenant_id: tenantId, created_at: at }).execute();
  return id;
}

/**
 * The stored emails, sent then received, with one of these Message-IDs in the tenant's mail:
 * sent mail first, stable within each table. Both tables in one statement (one round trip on
 * PostgreSQL). Rows without a thread come back too, for the caller to skip: a `thread_id is
 * not null` here made SQLite prefer the (tenant, thread) index for long candidate lists,
 * which reads every email of the tenant (0.6 s per group at 240k emails, growing with them).
 */
export async function storedThreadRows(
  trx: Transaction<Database> | Kysely<Database>,
  tenantId: string,
  candidates: string[],
): Promise<StoredThreadRow[]> {
  const rows = await storedThreadRowsQuery(trx, tenantId, candidates).execute();
  return rows.sort((a, b) => Number(b.sent) - Number(a.sent));
}

/**
 * The statement of storedThreadRows, unsorted (its plan is checked by a test).
 *
 * PostgreSQL: one probe of the (tenant, Message-ID) index per candidate, through a LATERAL
 * subquery over the candidate array. An `IN` list left the choice to the planner, which with
 * no statistics yet (a new table, or autovacuum off) takes a list of 2,000 values to match
 * every row and read the tenant's whole mail through another index instead: 0.5 s a group at
 * 470k emails, growing with them. `offset 0` keeps the planner from flattening the subquery into
 * a join it may again plan the other way round: each candidate is one index probe.
 */
export function storedThreadRowsQuery(trx: Transaction<Database> | Kysely<Database>, tenantId: string, candidates: string[]) {
  if (isPostgres(trx)) {
    const lookup = (table: 'sent_emails' | 'emails') => sql`
      select c.message_id, t.thread_id, ${sql.lit(table === 'sent_emails' ? 1 : 0)} as sent
      from unnest(${candidates}::text[]) as c(message_id)
      cross join lateral (select thread_id from ${sql.table(table)} where tenant_id = ${tenantId} and message_id = c.message_id offset 0) as t`;
    const statement = sql<StoredThreadRow>`${lookup('sent_emails')} union all ${lookup('emails')}`;
    return { execute: async () => (await statement.execute(trx)).rows, compile: () => statement.compile(trx) };
  }
  const lookup = (table: 'sent_emails' | 'emails') => trx
    .selectFrom(table)
    .select(['message_id', 'thread_id', sql.lit(table === 'sent_emails' ? 1 : 0).as('sent')])
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', candidates);
  const query = lookup('sent_emails').unionAll(lookup('emails'));
  return { execute: () => query.execute() as Promise<StoredThreadRow[]>, compile: () => query.compile() };
}

type StoredThreadRow = { message_id: string | null; thread_id: string | null; sent: number };

const isPostgres = (db: Transaction<Database> | Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;
