import type { Kysely } from 'kysely';

/**
 * Inbox placement tests and public spam tests (modules/inbox-placement): a test's seeds, their
 * verdicts and its timeline as JSON (a test has a handful of seeds and is read whole), with the
 * columns it is found by. share_token is set only when a public share link was asked for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inbox_placement_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('test_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_placement_tests_tenant_created').on('inbox_placement_tests').columns(['tenant_id', 'source', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbox_placement_tests').execute();
}
