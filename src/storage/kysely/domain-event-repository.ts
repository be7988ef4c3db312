import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { DomainEventsTable } from '../schema.js';
import type { DomainEventName, DomainEventRecord, DomainEventRepository, NewDomainEvent } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';
import { relaxedTransaction } from './dialect/relaxed-commit.js';

/** Rows per multi-row INSERT (8 columns): far below either dialect's bound-parameter limit. */
const ROWS_PER_INSERT = 200;
/** Ids per IN (...) list. */
const IDS_PER_STATEMENT = 500;

const toRecord = (row: Selectable<DomainEventsTable>): DomainEventRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name as DomainEventName,
  inboxId: row.inbox_id,
  entityId: row.entity_id,
  occurredAt: fromMillis(row.occurred_at),
});

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Records what changed INSIDE the caller's transaction, so an event commits or rolls back with
 * its change: never announced unsaved, never lost between commit and dispatch. One statement
 * per 200 events. `available_at` is this process's time, not the change's (which may come
 * from a test clock): the dispatcher compares it with its own.
 */
export async function recordDomainEvents(trx: Kysely<Database>, events: NewDomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  for (const chunk of chunks(domainEventRows(events), ROWS_PER_INSERT)) await trx.insertInto('domain_events').values(chunk).execute();
}

/** The rows of new events, available now; ROWS_PER_INSERT of them fit one statement. */
export function domainEventRows(events: NewDomainEvent[]) {
  const now = Date.now();
  return events.map((e) => ({
    id: randomUUID(),
    tenant_id: e.tenantId,
    name: e.name,
    inbox_id: e.inboxId,
    entity_id: e.entityId,
    occurred_at: toMillis(e.occurredAt),
    available_at: now,
    lease_token: null,
  }));
}

/**
 * Removes, inside the caller's transaction, those of `ids` that the claim `token` still holds;
 * returns their ids: the caller acts on those alone, so whichever removes an event is the one
 * that acts on it. PostgreSQL: only rows still leased under `token`, and rows another node is
 * claiming right now are skipped (that node holds them once it commits), never waited for.
 * SQLite: nothing is leased (see claim); an event still there is removed.
 */
export async function removeClaimedEvents(trx: Kysely<Database>, token: string, ids: string[]): Promise<Set<string>> {
  const postgres = isPostgres(trx);
  const removed = new Set<string>();
  for (const chunk of chunks(ids, IDS_PER_STATEMENT)) {
    const rows = await trx.deleteFrom('domain_events')
      .$if(postgres, (q) => q.where('id', 'in', (eb) => eb.selectFrom('domain_events').select('id')
        .where('id', 'in', chunk).where('lease_token', '=', token)
        .forUpdate().skipLocked()))
      .$if(!postgres, (q) => q.where('id', 'in', chunk))
      .returning('id')
      .execute();
    for (const row of rows) removed.add(row.id);
  }
  return removed;
}

export function domainEventRepository(db: Kysely<Database>): DomainEventRepository {
  const postgres = isPostgres(db);
  // A discard is cheap to lose (to a power cut): the event is looked at again. On SQLite it
  // commits without waiting for the disk flush (on the main thread, which an fsync would
  // stall); on PostgreSQL it is one autocommitted statement, one round trip.
  const write = <T>(work: (q: Kysely<Database>) => Promise<T>): Promise<T> => (postgres ? work(db) : relaxedTransaction(db, work));

  return {
    async pending(now, limit) {
      const rows = await db.selectFrom('domain_events').selectAll()
        .where('available_at', '<=', now)
        .orderBy('available_at')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    async claim(ids, now, leaseMs) {
      const token = randomUUID();
      const events: DomainEventRecord[] = [];
      for (const chunk of chunks(ids, IDS_PER_STATEMENT)) {
        const rows = postgres
          // One autocommitted statement: rows another node is claiming are skipped, not waited
          // for, and the re-checked available_at leaves out those it claimed before.
          ? await db.updateTable('domain_events')
            .set({ lease_token: token, available_at: now + leaseMs })
            .where('id', 'in', (eb) => eb.selectFrom('domain_events').select('id')
              .where('id', 'in', chunk).where('available_at', '<=', now)
              .forUpdate().skipLocked())
            .returningAll()
            .execute()
          // SQLite: one process, whose dispatcher makes one pass at a time: there is no one to
          // lease from. A read, not a write (which would wait on the main thread for the ingest
          // writer thread's lock); the removal that queues the deliveries decides.
          : await db.selectFrom('domain_events').selectAll()
            .where('id', 'in', chunk).where('available_at', '<=', now)
            .execute();
        events.push(...rows.map(toRecord));
      }
      const order = new Map(ids.map((id, i) => [id, i]));
      events.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { token, events };
    },

    async discard(ids, now) {
      if (ids.length === 0) return 0;
      return write(async (q) => {
        let removed = 0;
        for (const chunk of chunks(ids, IDS_PER_STATEMENT)) {
          const result = await q.deleteFrom('domain_events')
            .where('id', 'in', (eb) => eb.selectFrom('domain_events').select('id')
              .where('id', 'in', chunk).where('available_at', '<=', now)
              .$if(postgres, (s) => s.forUpdate().skipLocked()))
            .executeTakeFirst();
          removed += Number(result.numDeletedRows);
        }
        return removed;
      });
    },

    async releaseClaims() {
      await db.updateTable('domain_events')
        .set({ lease_token: null, available_at: Date.now() })
        .where('lease_token', 'is not', null)
        .execute();
    },
  };
}
