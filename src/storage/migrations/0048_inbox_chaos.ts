import type { Kysely } from 'kysely';

/**
 * Chaos per inbox: the rules that make an inbox's SMTP answers fail on purpose (one row per
 * inbox, cascading with it) and the greylisting state of its triples (bounded and expiring:
 * modules/chaos prunes it as it writes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inbox_chaos')
    .addColumn('inbox_id', 'text', (c) => c.primaryKey().references('inboxes.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chaos_greylist')
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('triple', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chaos_greylist_pk', ['inbox_id', 'triple'])
    .execute();
  await db.schema.createIndex('chaos_greylist_age').on('chaos_greylist').columns(['inbox_id', 'first_seen_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chaos_greylist').execute();
  await db.schema.dropTable('inbox_chaos').execute();
}
