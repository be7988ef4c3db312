import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Domain events (the outbox): a repository writes one in the transaction of the change it
  // describes (a stored email, a read mark, a delivery status, a first pixel load, a bounce);
  // a dispatcher outside storage claims them, acts on them and removes them, so a row lives
  // from a commit to the next dispatch. Ids only: the dispatcher reads the rest.
  await db.schema
    .createTable('domain_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text')
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    // when a dispatcher may take it: when written, then when the lease of the one holding it ends
    .addColumn('available_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .execute();
  // The dispatcher's look: the events free now, oldest first.
  await db.schema.createIndex('domain_events_available').on('domain_events').columns(['available_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domain_events').ifExists().execute();
}
