import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Keys this server signs with (the preview-link key): generated once, on first use, and
  // kept here rather than in a node's data directory so every node sharing the database
  // accepts what any of them signed.
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
