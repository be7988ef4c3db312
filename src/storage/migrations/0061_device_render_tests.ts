import type { Kysely } from 'kysely';

/**
 * Device render tests (ToolsController createPublicDeviceRenderTest): an address to mail, and
 * the device preview run its first message started. The test's state is one JSON column: it is
 * small and always read whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_render_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('test_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_render_tests').execute();
}
